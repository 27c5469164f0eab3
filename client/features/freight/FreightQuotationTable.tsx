import { ClipboardCopy, Euro, Printer, Truck } from 'lucide-react';
import { countryName } from '../../../shared/domain/countries';
import { FREIGHT_UI as T } from '../../../shared/i18n/freight';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { type FreightQuotation, formatCents } from '../../../shared/schemas/freight';
import { Button } from '../../ui/Button';
import { Card, scrollRegion, table } from '../../ui/misc';

export interface QuotationActions {
  onCopy: (q: FreightQuotation) => void;
  onOffer: (q: FreightQuotation) => void;
  onShip: (q: FreightQuotation) => void;
  onLabels: (q: FreightQuotation) => void;
}

const n = (v: number) => formatNumber(v, Number.isInteger(v) ? 0 : 1);

function Address({ q }: { q: FreightQuotation }) {
  return (
    <>
      <div>{q.delivery_name}</div>
      <div className="text-slate-600">{q.delivery_address}</div>
      <div className="text-slate-600">
        {q.delivery_postal_code} {q.delivery_city}, {countryName(q.delivery_country)}
      </div>
    </>
  );
}

function Pallets({ q }: { q: FreightQuotation }) {
  return (
    <ul className="text-xs text-slate-600">
      {q.pallet_dimensions.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pallets are positional
        <li key={i}>{T.pallet(i + 1, n(d.length), n(d.width), n(d.height), n(d.weight))}</li>
      ))}
    </ul>
  );
}

function Offer({ q }: { q: FreightQuotation }) {
  if (q.freight_quote_price === null) return <span className="text-slate-500">{T.noOffer}</span>;
  return (
    <>
      <div className="font-medium whitespace-nowrap">{formatCents(q.freight_quote_price)}</div>
      {q.freight_quote_notes ? <div className="text-xs text-slate-600">{q.freight_quote_notes}</div> : null}
    </>
  );
}

function Actions({ q, actions }: { q: FreightQuotation; actions: QuotationActions }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" icon={<ClipboardCopy className="h-4 w-4" />} onClick={() => actions.onCopy(q)}>
        {T.copyTemplate}
      </Button>
      <Button size="sm" variant="secondary" icon={<Euro className="h-4 w-4" />} onClick={() => actions.onOffer(q)}>
        {q.freight_quote_price === null ? T.enterOffer : T.editOffer}
      </Button>
      <Button size="sm" variant="secondary" icon={<Printer className="h-4 w-4" />} onClick={() => actions.onLabels(q)}>
        {T.palletLabels}
      </Button>
      <Button size="sm" icon={<Truck className="h-4 w-4" />} onClick={() => actions.onShip(q)}>
        {T.ship}
      </Button>
    </div>
  );
}

const Requested = ({ q }: { q: FreightQuotation }) => (
  <div className="text-xs text-slate-500">{T.requestedAt(formatDateTime(q.freight_quote_requested_at))}</div>
);

/** The open quotation requests (display only; spec §2 "Freight quotations"): cards on a phone, a table from sm up. */
export function FreightQuotationTable({ rows, actions }: { rows: FreightQuotation[]; actions: QuotationActions }) {
  return (
    <>
      <ul className="flex flex-col gap-3 sm:hidden">
        {rows.map((q) => (
          <li key={q.id} data-testid={`freight-card-${q.order_number}`}>
            <Card className="flex flex-col gap-3 p-4 text-sm">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <div className="font-mono font-medium">{q.order_number}</div>
                  <Requested q={q} />
                </div>
                <div className="text-right">
                  <Offer q={q} />
                </div>
              </div>
              <div>
                <div className="font-medium">{q.customer_name}</div>
                <Address q={q} />
              </div>
              <div>
                <div className="font-medium">
                  {T.colPallets}: {q.num_pallets}
                </div>
                <Pallets q={q} />
              </div>
              <Actions q={q} actions={actions} />
            </Card>
          </li>
        ))}
      </ul>
      <div className={`${table.wrap} hidden sm:block`} {...scrollRegion(T.title)}>
        <table className={table.table} data-testid="freight-table">
          <thead>
            <tr>
              <th className={table.th}>{T.colOrder}</th>
              <th className={table.th}>{T.colCustomer}</th>
              <th className={table.th}>{T.colAddress}</th>
              <th className={table.th}>{T.colPallets}</th>
              <th className={table.th}>{T.colOffer}</th>
              <th className={table.th}>{T.colActions}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((q) => (
              <tr key={q.id} className={table.tr} data-testid={`freight-row-${q.order_number}`}>
                <td className={`${table.td} whitespace-nowrap`}>
                  <div className="font-mono font-medium">{q.order_number}</div>
                  <Requested q={q} />
                </td>
                <td className={table.td}>{q.customer_name}</td>
                <td className={table.td}>
                  <Address q={q} />
                </td>
                <td className={`${table.td} whitespace-nowrap`}>
                  <div className="font-medium">{q.num_pallets}</div>
                  <Pallets q={q} />
                </td>
                <td className={table.td}>
                  <Offer q={q} />
                </td>
                <td className={table.td}>
                  <Actions q={q} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
