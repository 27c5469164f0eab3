import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  ORDER_STATUS_FILTER_LABELS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUS_TONES,
  orderStatusLabel,
  type OrderStatus,
  type OrderStatusFilter,
} from '../../../shared/domain/order-status';
import { countryName } from '../../../shared/domain/countries';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import type { OutboundOrder } from '../../../shared/schemas/orders';
import { Select } from '../../ui/Field';
import { Badge, EmptyState, table, scrollRegion } from '../../ui/misc';
import { NO_ORDERS, ORDER_UI as T } from '../../../shared/i18n/orders';

/** Display components shared by the order screens (no data loading here). */

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={ORDER_STATUS_TONES[status as OrderStatus] ?? 'gray'} className="whitespace-nowrap">
      <span data-testid="order-status">{orderStatusLabel(status)}</span>
    </Badge>
  );
}

export function StatusFilterSelect({ value, onChange }: { value: OrderStatusFilter; onChange: (v: OrderStatusFilter) => void }) {
  return (
    <Select
      aria-label={T.statusFilter}
      value={value}
      onChange={(e) => onChange(e.target.value as OrderStatusFilter)}
      className="sm:w-56"
      data-testid="order-status-filter"
    >
      {ORDER_STATUS_FILTERS.map((f) => (
        <option key={f} value={f}>
          {ORDER_STATUS_FILTER_LABELS[f]}
        </option>
      ))}
    </Select>
  );
}

export interface OrderTableProps {
  orders: OutboundOrder[];
  showCustomer: boolean;
  selectable?: { selected: Set<number>; onToggle: (id: number) => void; onToggleAll: (ids: number[]) => void };
  actions?: (o: OutboundOrder) => ReactNode;
}

export function OrderTable({ orders, showCustomer, selectable, actions }: OrderTableProps) {
  if (orders.length === 0) return <EmptyState>{NO_ORDERS}</EmptyState>;
  const allIds = orders.map((o) => o.id);
  const allSelected = selectable ? allIds.every((id) => selectable.selected.has(id)) : false;
  return (
    <>
      <OrderCards orders={orders} showCustomer={showCustomer} selectable={selectable} actions={actions} />
      <div className={`${table.wrap} hidden sm:block`} {...scrollRegion(T.listRegion)}>
        <table className={table.table} data-testid="order-table">
          <thead>
            <tr>
              {selectable ? (
                <th className={`${table.th} w-8`}>
                  <input type="checkbox" aria-label={T.selectAll} className="h-4 w-4" checked={allSelected} onChange={() => selectable.onToggleAll(allIds)} />
                </th>
              ) : null}
              <th className={table.th}>{T.order}</th>
              <th className={table.th}>{T.status}</th>
              {showCustomer ? <th className={table.th}>{T.customer}</th> : null}
              <th className={table.th}>{T.recipient}</th>
              <th className={`${table.th} text-right`}>{T.items}</th>
              <th className={`${table.th} text-right`}>{T.quantity}</th>
              <th className={table.th}>{T.created}</th>
              {actions ? <th className={`${table.th} text-right`}>{T.actions}</th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((o) => (
              <tr key={o.id} className={table.tr} data-testid={`order-row-${o.order_number}`}>
                {selectable ? (
                  <td className={table.td}>
                    <input
                      type="checkbox"
                      aria-label={T.select(o.order_number)}
                      className="h-4 w-4"
                      checked={selectable.selected.has(o.id)}
                      onChange={() => selectable.onToggle(o.id)}
                    />
                  </td>
                ) : null}
                <td className={`${table.td} whitespace-nowrap font-medium`}>
                  <Link to="/outbound-orders/$orderId" params={{ orderId: String(o.id) }} className="text-brand-700 hover:underline">
                    {o.order_number}
                  </Link>
                </td>
                <td className={table.td}>
                  <OrderStatusBadge status={o.status} />
                </td>
                {showCustomer ? <td className={table.td}>{o.customer_name}</td> : null}
                <td className={table.td}>
                  <div>{o.delivery_name}</div>
                  <div className="text-xs text-slate-500">
                    {o.delivery_postal_code} {o.delivery_city}, {countryName(o.delivery_country)}
                  </div>
                </td>
                <td className={`${table.td} text-right`}>{formatNumber(o.item_count)}</td>
                <td className={`${table.td} text-right`}>{formatNumber(o.total_quantity)}</td>
                <td className={`${table.td} whitespace-nowrap`}>{formatDate(o.created_at)}</td>
                {actions ? <td className={`${table.td} text-right whitespace-nowrap`}>{actions(o)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Phones: one card per order instead of the wide table. */
function OrderCards({ orders, showCustomer, selectable, actions }: OrderTableProps) {
  return (
    <ul className="flex flex-col gap-2 sm:hidden" data-testid="order-cards">
      {orders.map((o) => (
        <li key={o.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid={`order-card-${o.order_number}`}>
          <div className="flex items-start gap-3">
            {selectable ? (
              <input
                type="checkbox"
                aria-label={T.select(o.order_number)}
                className="mt-1 h-5 w-5"
                checked={selectable.selected.has(o.id)}
                onChange={() => selectable.onToggle(o.id)}
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to="/outbound-orders/$orderId"
                  params={{ orderId: String(o.id) }}
                  className="inline-flex min-h-10 items-center font-semibold text-brand-700 hover:underline"
                >
                  {o.order_number}
                </Link>
                <OrderStatusBadge status={o.status} />
              </div>
              {showCustomer ? <div className="text-sm font-medium text-slate-800">{o.customer_name}</div> : null}
              <div className="text-sm text-slate-700">
                {o.delivery_name} · {o.delivery_postal_code} {o.delivery_city}
              </div>
              <div className="text-xs text-slate-500">
                {T.cardSummary(o.item_count, o.total_quantity)} · {formatDate(o.created_at)}
              </div>
            </div>
          </div>
          {actions?.(o) ? <div className="mt-2 flex justify-end border-t border-slate-100 pt-2">{actions(o)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
