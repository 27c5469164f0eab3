import { Link } from '@tanstack/react-router';
import { INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { Invoice } from '../../../shared/schemas/invoices';
import { scrollRegion, table } from '../../ui/misc';
import { formatEuro, formatPeriod, InvoiceStatusBadge, invoiceLabel } from './InvoiceParts';

/** The admin's invoice list: number (opens the invoice), customer, period, net / VAT / gross, status. */
export function InvoiceTable({ rows }: { rows: Invoice[] }) {
  const money = `${table.td} text-right tabular-nums whitespace-nowrap`;
  return (
    <div className={table.wrap} {...scrollRegion(T.listTitle)}>
      <table className={table.table} data-testid="invoice-table">
        <thead>
          <tr>
            <th className={table.th}>{T.number}</th>
            <th className={table.th}>{T.customer}</th>
            <th className={table.th}>{T.period}</th>
            <th className={`${table.th} text-right`}>{T.net}</th>
            <th className={`${table.th} text-right`}>{T.vat}</th>
            <th className={`${table.th} text-right`}>{T.gross}</th>
            <th className={table.th}>{T.status}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((inv) => (
            <tr key={inv.id} className={table.tr} data-testid="invoice-row">
              <td className={table.td}>
                <Link
                  to="/billing/invoices/$invoiceId"
                  params={{ invoiceId: String(inv.id) }}
                  className="font-mono font-medium whitespace-nowrap text-brand-700 hover:underline"
                >
                  {invoiceLabel(inv)}
                </Link>
              </td>
              <td className={table.td}>{inv.customer_name}</td>
              <td className={`${table.td} whitespace-nowrap`}>{formatPeriod(inv)}</td>
              <td className={money}>{formatEuro(inv.net_cents)}</td>
              <td className={money}>{formatEuro(inv.vat_cents)}</td>
              <td className={`${money} font-medium`}>{formatEuro(inv.gross_cents)}</td>
              <td className={table.td}>
                <InvoiceStatusBadge invoice={inv} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
