import { useState } from 'react';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../shared/domain/returns';
import { isCustomerUser } from '../../../shared/domain/roles';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { RETURNS_UI as T } from '../../../shared/i18n/returns';
import { WORDS } from '../../../shared/i18n/ui';
import { errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { Select } from '../../ui/Field';
import { EmptyState, ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { useCustomerOptions } from '../inventory/useCustomerOptions';
import { useReturns } from './hooks';
import { ReturnTable } from './ReturnParts';

/** /returns: a customer's returns; staff see every customer in scope, filtered by status and customer. */
export function ReturnsScreen() {
  const { user } = useSession();
  const customer = user !== null && isCustomerUser(user);
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const customers = useCustomerOptions(!customer);
  const list = useReturns({ status, customer_id: customerId });
  if (!user) return null;
  return (
    <div>
      <PageHeader title={T.title} subtitle={customer ? T.subtitleCustomer : T.subtitleStaff} />
      <div className="mb-3 flex flex-wrap gap-2">
        <Select
          aria-label={FIELD_LABELS.status}
          value={status}
          onChange={(e) => setStatus(e.target.value as ReturnStatus | '')}
          className="sm:w-56"
          data-testid="returns-status"
        >
          <option value="">{T.allStatuses}</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        {!customer ? (
          <Select
            aria-label={FIELD_LABELS.customer_id}
            value={customerId ?? ''}
            onChange={(e) => setCustomerId(e.target.value ? Number(e.target.value) : null)}
            className="sm:w-64"
          >
            <option value="">{WORDS.allCustomers}</option>
            {customers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </Select>
        ) : null}
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <ErrorBox>{errorMessage(list.error, T.listError)}</ErrorBox>
      ) : list.data && list.data.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : list.data ? (
        <ReturnTable returns={list.data} showCustomer={!customer} />
      ) : null}
    </div>
  );
}
