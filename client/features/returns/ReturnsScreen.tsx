import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../shared/domain/returns';
import { isCustomerUser } from '../../../shared/domain/roles';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { RETURNS_UI as T } from '../../../shared/i18n/returns';
import { useSession } from '../../app/auth';
import { Select } from '../../ui/Field';
import { PageHeader } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { CustomerFilterSelect } from '../inventory/CustomerFilterSelect';
import { useCustomerOptions } from '../inventory/useCustomerOptions';
import { useReturns } from './hooks';
import { ReturnTable } from './ReturnParts';

/**
 * /returns: a customer's returns; staff see every customer in scope, filtered by status and customer.
 * `?status=` (the dashboard's returns tile) opens the list with that filter set.
 */
export function ReturnsScreen() {
  const { user } = useSession();
  const customer = user !== null && isCustomerUser(user);
  const search = useSearch({ strict: false }) as { status?: unknown };
  const [status, setStatus] = useState<ReturnStatus | ''>(RETURN_STATUSES.find((s) => s === search.status) ?? '');
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
          <CustomerFilterSelect
            customers={customers}
            value={customerId === null ? '' : String(customerId)}
            onChange={(v) => setCustomerId(v ? Number(v) : null)}
            label={FIELD_LABELS.customer_id}
          />
        ) : null}
      </div>
      <QueryView query={list} error={T.listError} empty={T.empty} isEmpty={(d) => d.length === 0}>
        {(rows) => <ReturnTable returns={rows} showCustomer={!customer} />}
      </QueryView>
    </div>
  );
}
