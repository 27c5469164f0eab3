import { Link } from '@tanstack/react-router';
import { ArrowLeft, CheckCircle2, RefreshCw, Trash2, XCircle } from 'lucide-react';
import { CHARGE_CODE_LABELS } from '../../../shared/i18n/billing';
import { formatNumber } from '../../../shared/i18n/format';
import { INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { InvoiceDetail } from '../../../shared/schemas/invoices';
import { Button } from '../../ui/Button';
import { EmptyState, scrollRegion, table } from '../../ui/misc';
import type { InvoiceAction } from './api';
import { formatEuro, formatPeriod, InvoiceDownloads, InvoiceStatusBadge, invoiceLabel } from './InvoiceParts';

/** The invoice detail (admin): head with actions by status and downloads, the lines, the totals. */
export function InvoiceDetailView({
  inv,
  related,
  busy,
  onAction,
}: {
  inv: InvoiceDetail;
  /** The number of the invoice this one cancels or is cancelled by, once loaded. */
  related: string | null;
  busy: boolean;
  onAction: (a: InvoiceAction) => void;
}) {
  const relatedLabel = related ?? `#${inv.cancels_invoice_id ?? inv.cancelled_by_invoice_id}`;
  const money = `${table.td} text-right tabular-nums whitespace-nowrap`;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link to="/billing" className="inline-flex min-h-10 items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" /> {T.backToList}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-xl font-bold text-slate-900 sm:text-2xl" data-testid="invoice-number">
            {invoiceLabel(inv)}
          </h1>
          <InvoiceStatusBadge invoice={inv} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {inv.customer_name} · {T.period}: {formatPeriod(inv)}
        </p>
        {inv.cancels_invoice_id ? (
          <Link to="/billing/invoices/$invoiceId" params={{ invoiceId: String(inv.cancels_invoice_id) }} className="text-sm text-brand-700 underline">
            {T.cancels(relatedLabel)}
          </Link>
        ) : null}
        {inv.cancelled_by_invoice_id ? (
          <Link to="/billing/invoices/$invoiceId" params={{ invoiceId: String(inv.cancelled_by_invoice_id) }} className="text-sm text-brand-700 underline">
            {T.cancelledBy(relatedLabel)}
          </Link>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {inv.status === 'draft' ? (
            <>
              <Button icon={<CheckCircle2 className="h-4 w-4" />} onClick={() => onAction('finalize')} disabled={busy} data-testid="invoice-finalize">
                {T.finalize}
              </Button>
              <Button variant="secondary" icon={<RefreshCw className="h-4 w-4" />} onClick={() => onAction('recompute')} busy={busy}>
                {T.recompute}
              </Button>
              <Button variant="danger" icon={<Trash2 className="h-4 w-4" />} onClick={() => onAction('delete')} disabled={busy}>
                {T.deleteDraft}
              </Button>
            </>
          ) : null}
          {inv.status === 'final' && inv.kind === 'invoice' ? (
            <Button variant="danger" icon={<XCircle className="h-4 w-4" />} onClick={() => onAction('cancel')} disabled={busy}>
              {T.cancel}
            </Button>
          ) : null}
          <InvoiceDownloads invoice={inv} docs={inv.status === 'draft' ? ['pdf', 'csv'] : ['pdf', 'xml', 'csv']} />
        </div>
      </div>
      {inv.lines.length === 0 ? (
        <EmptyState>{T.noLines}</EmptyState>
      ) : (
        <div className={table.wrap} {...scrollRegion(T.service)}>
          <table className={table.table} data-testid="invoice-lines">
            <thead>
              <tr>
                <th className={table.th}>{T.service}</th>
                <th className={`${table.th} text-right`}>{T.quantity}</th>
                <th className={`${table.th} text-right`}>{T.unitPrice}</th>
                <th className={`${table.th} text-right`}>{T.net}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {inv.lines.map((l) => (
                <tr key={l.code} className={table.tr} data-testid="invoice-line">
                  <td className={table.td}>{CHARGE_CODE_LABELS[l.code] ?? l.description}</td>
                  <td className={`${table.td} text-right tabular-nums`}>{formatNumber(l.quantity)}</td>
                  <td className={money}>{formatEuro(l.unit_price_cents)}</td>
                  <td className={money}>{formatEuro(l.net_cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300" data-testid="invoice-totals">
              <tr>
                <th scope="row" colSpan={3} className={`${table.td} text-right font-medium`}>
                  {T.net}
                </th>
                <td className={money}>{formatEuro(inv.net_cents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3} className={`${table.td} text-right font-medium`}>
                  {T.vatRate(inv.vat_rate)}
                </th>
                <td className={money}>{formatEuro(inv.vat_cents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3} className={`${table.td} text-right font-semibold`}>
                  {T.gross}
                </th>
                <td className={`${money} font-semibold`} data-testid="invoice-gross">
                  {formatEuro(inv.gross_cents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
