import { formatDate } from '../../../shared/i18n/format';
import { INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { Invoice } from '../../../shared/schemas/invoices';
import { useSession } from '../../app/auth';
import { PageHeader } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { useInvoices } from './api';
import { formatEuro, formatPeriod, InvoiceDownloads, InvoiceStatusBadge, invoiceLabel } from './InvoiceParts';

/** The portal's invoices: one card per invoice or cancellation invoice, with PDF and XRechnung downloads. */
export function MyInvoicesList({ rows }: { rows: Invoice[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm" aria-label={T.listTitle} data-testid="my-invoices">
      {rows.map((inv) => (
        <li key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3" data-testid="my-invoice">
          <div className="min-w-0 flex-1 basis-56">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-medium">{invoiceLabel(inv)}</span>
              <InvoiceStatusBadge invoice={inv} />
            </div>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
              <dt>{T.date}:</dt>
              <dd>{formatDate(inv.finalized_at)}</dd>
              <dt>{T.period}:</dt>
              <dd>{formatPeriod(inv)}</dd>
            </dl>
          </div>
          <div className="text-right">
            <div className="text-xs text-slate-500">{T.gross}</div>
            <div className="font-semibold tabular-nums whitespace-nowrap">{formatEuro(inv.gross_cents)}</div>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <InvoiceDownloads invoice={inv} docs={['pdf', 'xml']} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /my-invoices (customer users): their final and cancelled invoices and cancellation invoices (docs/operations.md "Billing (Abrechnung)"). */
export function MyInvoicesScreen() {
  const { user } = useSession();
  const list = useInvoices();
  return (
    <div>
      <PageHeader title={T.listTitle} subtitle={T.portalSubtitle} />
      {user?.customer_id ? (
        <QueryView query={list} error={T.listError} empty={T.empty} isEmpty={(d) => d.length === 0}>
          {(rows) => <MyInvoicesList rows={rows} />}
        </QueryView>
      ) : (
        <p className="text-sm text-slate-500">{T.portalOnly}</p>
      )}
    </div>
  );
}
