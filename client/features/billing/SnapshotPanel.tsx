import { Camera } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { formatNumber } from '../../../shared/i18n/format';
import { INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { Customer } from '../../../shared/schemas/customers';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { ErrorBox, scrollRegion, table } from '../../ui/misc';
import { useStorageSnapshot } from './api';
import { formatDay } from './InvoiceParts';

/** Yesterday (browser time): the day an admin most often fills in. */
function yesterday(): string {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * "Lagerbestand je Tag": the API has no read of the snapshots, so the admin
 * takes one for a day (POST /billing/storage-snapshots?date=, idempotent) and
 * sees what it recorded per customer.
 */
export function SnapshotPanel({ customers }: { customers: Customer[] }) {
  const take = useStorageSnapshot();
  const [day, setDay] = useState(yesterday);
  const names = new Map(customers.map((c) => [c.id, c.company_name]));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    take.mutate(day);
  };
  return (
    <section className="flex flex-col gap-3" aria-label={T.snapshotTitle} data-testid="snapshot-panel">
      <h2 className="text-base font-semibold text-slate-800">{T.snapshotTitle}</h2>
      <p className="text-sm text-slate-500">{T.snapshotHint}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={FIELD_LABELS.date} className="sm:w-48">
          {(id) => <Input id={id} type="date" value={day} onChange={(e) => setDay(e.target.value)} />}
        </Field>
        <Button type="submit" variant="secondary" icon={<Camera className="h-4 w-4" />} busy={take.isPending} className="sm:mt-6">
          {T.snapshotTake}
        </Button>
      </form>
      {take.isError ? <ErrorBox>{errorMessage(take.error, T.snapshotError)}</ErrorBox> : null}
      {take.data ? (
        <div className="flex flex-col gap-2" data-testid="snapshot-result">
          <p className="text-sm font-medium text-emerald-800" role="status">
            {T.snapshotResult(formatDay(take.data.day), take.data.customers.length)}
          </p>
          {take.data.customers.length > 0 ? (
            <div className={table.wrap} {...scrollRegion(T.snapshotTitle)}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th className={table.th}>{T.customer}</th>
                    <th className={`${table.th} text-right`}>{T.places}</th>
                    <th className={`${table.th} text-right`}>{T.units}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {take.data.customers.map((c) => (
                    <tr key={c.customer_id} className={table.tr}>
                      <td className={table.td}>{names.get(c.customer_id) ?? `#${c.customer_id}`}</td>
                      <td className={`${table.td} text-right tabular-nums`}>{formatNumber(c.places)}</td>
                      <td className={`${table.td} text-right tabular-nums`}>{formatNumber(c.units)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
