import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/constants';
import { INVOICE_STATUS_LABELS, INVOICE_UI as T } from '../../../shared/i18n/invoices';
import { MENU } from '../../../shared/i18n/menu';
import { UI, WORDS } from '../../../shared/i18n/ui';
import type { Customer } from '../../../shared/schemas/customers';
import { Field, Select } from '../../ui/Field';
import { Card, PageHeader } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { useCustomers } from '../customers/api';
import { useInvoices } from './api';
import { CreateInvoiceForm } from './CreateInvoiceForm';
import { InvoiceTable } from './InvoiceTable';
import { SnapshotPanel } from './SnapshotPanel';

/** /billing (admin, docs/operations.md "Billing (Abrechnung)"): create a draft, the invoices with filters, storage snapshots. */

function InvoiceFilters({
  customers,
  customerId,
  status,
  onCustomer,
  onStatus,
}: {
  customers: Customer[];
  customerId: number | null;
  status: InvoiceStatus | null;
  onCustomer: (id: number | null) => void;
  onStatus: (s: InvoiceStatus | null) => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Field label={T.customer} className="sm:w-64">
        {(id) => (
          <Select
            id={id}
            value={customerId ?? ''}
            onChange={(e) => onCustomer(e.target.value ? Number(e.target.value) : null)}
            data-testid="invoice-filter-customer"
          >
            <option value="">{WORDS.allCustomers}</option>
            {customers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={T.status} className="sm:w-48">
        {(id) => (
          <Select id={id} value={status ?? ''} onChange={(e) => onStatus((e.target.value || null) as InvoiceStatus | null)} data-testid="invoice-filter-status">
            <option value="">{T.allStatuses}</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

export function BillingView({ customers }: { customers: Customer[] }) {
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const list = useInvoices(customerId, status);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-2 p-4">
        <h2 className="text-base font-semibold text-slate-800">{T.createTitle}</h2>
        <p className="text-sm text-slate-500">
          {T.createHint} {T.ratesHint}{' '}
          <Link to="/customers" className="text-brand-700 underline">
            {MENU.customers}
          </Link>
        </p>
        <CreateInvoiceForm customers={customers} />
      </Card>
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-base font-semibold text-slate-800">{T.listTitle}</h2>
        <InvoiceFilters customers={customers} customerId={customerId} status={status} onCustomer={setCustomerId} onStatus={setStatus} />
        <QueryView query={list} error={T.listError} empty={T.empty} isEmpty={(d) => d.length === 0}>
          {(rows) => <InvoiceTable rows={rows} />}
        </QueryView>
      </Card>
      <Card className="p-4">
        <SnapshotPanel customers={customers} />
      </Card>
    </div>
  );
}

export function BillingScreen() {
  const customers = useCustomers();
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <QueryView query={customers} error={UI.loadCustomerDataError}>
        {(rows) => <BillingView customers={rows} />}
      </QueryView>
    </div>
  );
}
