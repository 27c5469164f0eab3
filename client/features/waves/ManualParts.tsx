import { Filter, RotateCcw, TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { AvailableOrder } from '../../../shared/schemas/wave-planning';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, EmptyState, table, scrollRegion } from '../../ui/misc';
import { OrderLink } from './OrderLink';
import type { OrderFilters } from './wave-logic';

/** Display parts of the manual wave creation: the seven filters and the list of free orders with checkboxes. */

const TEXT_FILTERS: Array<[keyof OrderFilters, string, string]> = [
  ['customer_name', WAVE_UI.filterCustomer, 'filter-customer'],
  ['carrier', WAVE_UI.filterCarrier, 'filter-carrier'],
  ['product_search', WAVE_UI.filterProduct, 'filter-product'],
  ['order_number', WAVE_UI.filterOrderNumber, 'filter-order-number'],
];

export function FilterPanel({
  value,
  onChange,
  onApply,
  onReset,
}: {
  value: OrderFilters;
  onChange: (f: OrderFilters) => void;
  onApply: () => void;
  onReset: () => void;
}) {
  const set = (k: keyof OrderFilters, v: string) => onChange({ ...value, [k]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit} data-testid="wave-filters">
      {TEXT_FILTERS.map(([k, label, testId]) => (
        <Field key={k} label={label}>
          {(id) => <Input id={id} value={value[k]} onChange={(e) => set(k, e.target.value)} autoComplete="off" data-testid={testId} />}
        </Field>
      ))}
      <Field label={WAVE_UI.filterCarrierType}>
        {(id) => (
          <Select id={id} value={value.carrier_type} onChange={(e) => set('carrier_type', e.target.value)} data-testid="filter-carrier-type">
            <option value="">{WAVE_UI.carrierTypeAll}</option>
            {Object.entries(WAVE_UI.carrierTypes).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={WAVE_UI.filterDateFrom}>
        {(id) => <Input id={id} type="date" value={value.date_from} onChange={(e) => set('date_from', e.target.value)} data-testid="filter-date-from" />}
      </Field>
      <Field label={WAVE_UI.filterDateTo}>
        {(id) => <Input id={id} type="date" value={value.date_to} onChange={(e) => set('date_to', e.target.value)} data-testid="filter-date-to" />}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end lg:col-span-4">
        <Button size="lg" variant="secondary" icon={<RotateCcw className="h-5 w-5" />} onClick={onReset} data-testid="filter-reset">
          {WAVE_UI.reset}
        </Button>
        <Button type="submit" size="lg" icon={<Filter className="h-5 w-5" />} data-testid="filter-apply">
          {WAVE_UI.apply}
        </Button>
      </div>
    </form>
  );
}

export interface OrderPickProps {
  orders: AvailableOrder[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  onOpenOrder: (id: number) => void;
}

function Flags({ o }: { o: AvailableOrder }) {
  return (
    <>
      {o.fully_reserved ? null : (
        <Badge tone="red" className="whitespace-nowrap">
          {WAVE_UI.notReserved}
        </Badge>
      )}
      {o.has_missing_data ? (
        <Badge tone="amber" className="gap-1 whitespace-nowrap">
          <TriangleAlert className="h-3 w-3" aria-hidden /> {WAVE_UI.missingData}
        </Badge>
      ) : null}
    </>
  );
}

const carrierText = (o: AvailableOrder) =>
  [o.carrier, o.carrier_type ? (WAVE_UI.carrierTypes[o.carrier_type] ?? o.carrier_type) : null].filter(Boolean).join(' · ') || WAVE_UI.none;

export function AvailableOrderList(props: OrderPickProps) {
  if (props.orders.length === 0) return <EmptyState>{WAVE_UI.noAvailableOrders}</EmptyState>;
  return (
    <>
      <OrderCards {...props} />
      <div className={`${table.wrap} hidden sm:block`} {...scrollRegion(WAVE_UI.availableOrders)}>
        <table className={table.table} data-testid="available-orders">
          <thead>
            <tr>
              <th className={`${table.th} w-12`}>
                <span className="sr-only">{WAVE_UI.selection}</span>
              </th>
              <th className={table.th}>{WAVE_UI.colOrder}</th>
              <th className={table.th}>{WAVE_UI.colCustomer}</th>
              <th className={table.th}>{WAVE_UI.colRecipient}</th>
              <th className={table.th}>{WAVE_UI.colCarrier}</th>
              <th className={`${table.th} text-right`}>{WAVE_UI.colItems}</th>
              <th className={`${table.th} text-right`}>{WAVE_UI.colQuantity}</th>
              <th className={table.th}>{WAVE_UI.colCreated}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {props.orders.map((o) => (
              <tr key={o.id} className={props.selected.includes(o.id) ? 'bg-brand-50' : table.tr} data-testid={`available-${o.order_number}`}>
                <td className="px-1 align-middle">
                  <Check id={o.id} number={o.order_number} testId={`select-${o.order_number}`} {...props} />
                </td>
                <td className={`${table.td} align-middle`}>
                  <OrderLink number={o.order_number} onOpen={() => props.onOpenOrder(o.id)} />
                  <div className="flex flex-wrap gap-1">
                    <Flags o={o} />
                  </div>
                </td>
                <td className={`${table.td} align-middle`}>{o.customer_name}</td>
                <td className={`${table.td} align-middle`}>
                  <div>{o.delivery_name}</div>
                  <div className="text-xs text-slate-500">{o.delivery_city}</div>
                </td>
                <td className={`${table.td} align-middle`}>{carrierText(o)}</td>
                <td className={`${table.td} text-right align-middle tabular-nums`}>{formatNumber(o.item_count)}</td>
                <td className={`${table.td} text-right align-middle tabular-nums`}>{formatNumber(o.total_quantity)}</td>
                <td className={`${table.td} align-middle whitespace-nowrap`}>{formatDate(o.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A checkbox inside a 48 px label, so the whole square is the touch target. */
function Check({ id, number, testId, selected, onToggle }: { id: number; number: string; testId: string } & OrderPickProps) {
  return (
    <label className="flex h-12 w-12 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        className="h-5 w-5 accent-brand-600"
        aria-label={WAVE_UI.select(number)}
        checked={selected.includes(id)}
        onChange={() => onToggle(id)}
        data-testid={testId}
      />
    </label>
  );
}

/** Phones: one card per order instead of the wide table. */
function OrderCards(props: OrderPickProps) {
  return (
    <ul className="flex flex-col gap-2 sm:hidden" data-testid="available-cards">
      {props.orders.map((o) => (
        <li
          key={o.id}
          className={`flex items-start gap-1 rounded-lg border bg-white py-1 pr-3 shadow-sm ${props.selected.includes(o.id) ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
        >
          <Check id={o.id} number={o.order_number} testId={`select-card-${o.order_number}`} {...props} />
          <div className="min-w-0 flex-1 text-sm">
            <div className="flex flex-wrap items-center gap-x-2">
              <OrderLink number={o.order_number} onOpen={() => props.onOpenOrder(o.id)} />
              <Flags o={o} />
            </div>
            <div className="font-medium text-slate-800">{o.customer_name}</div>
            <div className="text-slate-700">
              {o.delivery_name} · {o.delivery_city}
            </div>
            <div className="text-xs text-slate-500">
              {[
                `${formatNumber(o.item_count)} ${WAVE_UI.items}`,
                `${formatNumber(o.total_quantity)} ${WAVE_UI.units}`,
                o.carrier || o.carrier_type ? carrierText(o) : null,
                formatDate(o.created_at),
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
