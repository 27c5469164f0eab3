import { useNavigate } from '@tanstack/react-router';
import { FilePlus2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { Customer } from '../../../shared/schemas/customers';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { useCreateInvoice } from './api';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last full month, the usual billing period. */
function lastMonth(now = new Date()): { from: string; to: string } {
  return { from: iso(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: iso(new Date(now.getFullYear(), now.getMonth(), 0)) };
}

/** "Rechnung erstellen": customer and period → POST /invoices → the new draft opens. */
export function CreateInvoiceForm({ customers }: { customers: Customer[] }) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const [customerId, setCustomerId] = useState('');
  const [period, setPeriod] = useState(lastMonth);
  const [errors, setErrors] = useState<{ customer?: string; from?: string; to?: string }>({});

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const next = {
      customer: customerId ? undefined : T.chooseCustomer,
      from: period.from ? undefined : T.dateRequired,
      to: period.to ? undefined : T.dateRequired,
    };
    setErrors(next);
    if (next.customer || next.from || next.to) return;
    create.mutate(
      { customer_id: Number(customerId), period_from: period.from, period_to: period.to },
      {
        onSuccess: (inv) => {
          toast.success(T.draftCreated);
          void navigate({ to: '/billing/invoices/$invoiceId', params: { invoiceId: String(inv.id) } });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={T.createTitle} data-testid="invoice-create">
      <div className="grid gap-3 sm:grid-cols-[minmax(12rem,1fr)_auto_auto_auto] sm:items-start">
        <Field label={FIELD_LABELS.customer_id} required error={errors.customer}>
          {(id) => (
            <Select id={id} value={customerId} onChange={(e) => setCustomerId(e.target.value)} aria-invalid={Boolean(errors.customer)}>
              <option value="">{T.chooseCustomer}</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.company_name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={FIELD_LABELS.period_from} required error={errors.from}>
          {(id) => <Input id={id} type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />}
        </Field>
        <Field label={FIELD_LABELS.period_to} required error={errors.to}>
          {(id) => <Input id={id} type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />}
        </Field>
        <Button type="submit" icon={<FilePlus2 className="h-4 w-4" />} busy={create.isPending} className="sm:mt-6">
          {T.createDraft}
        </Button>
      </div>
      {create.isError ? <ErrorBox>{errorMessage(create.error, T.createError)}</ErrorBox> : null}
    </form>
  );
}
