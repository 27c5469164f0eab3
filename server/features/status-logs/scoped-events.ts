import { STATUS_LOG_EVENT_LABELS, scopedWaveDescription } from '../../../shared/i18n/status-logs';
import type { StatusLogEntry } from '../../../shared/schemas/status-logs';
import { type CustomerScope, canSeeCustomer } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';

/**
 * Wave events (no order of their own) of waves that mix customers, as a user
 * limited to some customers reads them. Such an event is shown (the user's
 * orders are part of the wave: hiding it would hide their own wave's
 * creation and completion), but stripped of what belongs to the others:
 *  - `order_ids` / `order_numbers` keep the visible orders only;
 *  - the wave's totals (`picked_quantity`, `quantity_ordered`, `recipients`)
 *    sum over every customer's goods and are dropped;
 *  - the description, written with those counts, is replaced by one naming
 *    the user's own orders.
 * A wave counts as mixed when an order named in the event, or an order the
 * wave holds now, is not visible (an unknown, deleted order counts as not visible).
 */
const WAVE_TOTALS = ['picked_quantity', 'quantity_ordered', 'recipients'] as const;

const numbersIn = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export async function stripOtherCustomers(db: DbOrTrx, rows: StatusLogEntry[], scope: CustomerScope): Promise<StatusLogEntry[]> {
  if (scope.kind === 'all') return rows;
  const waveEvents = rows.filter((r) => r.order_id === null && r.wave_id !== null);
  if (waveEvents.length === 0) return rows;
  const waveIds = [...new Set(waveEvents.map((r) => r.wave_id as number))];
  const namedIds = [...new Set(waveEvents.flatMap((r) => numbersIn(r.event_data.order_ids)))];
  const members = await db
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
    .select(['wo.wave_id', 'o.customer_id'])
    .where('wo.wave_id', 'in', waveIds)
    .execute();
  const named =
    namedIds.length > 0 ? await db.selectFrom('outbound_orders').select(['id', 'customer_id', 'order_number']).where('id', 'in', namedIds).execute() : [];
  const visibleOrders = new Map(named.filter((o) => canSeeCustomer(scope, o.customer_id)).map((o) => [o.id, o.order_number]));
  const wavesWithOthers = new Set(members.filter((m) => !canSeeCustomer(scope, m.customer_id)).map((m) => m.wave_id));

  return rows.map((r) => {
    if (r.order_id !== null || r.wave_id === null) return r;
    const ids = numbersIn(r.event_data.order_ids);
    if (!wavesWithOthers.has(r.wave_id) && ids.every((id) => visibleOrders.has(id))) return r;
    const data: Record<string, unknown> = { ...r.event_data };
    for (const key of WAVE_TOTALS) delete data[key];
    const own = ids.filter((id) => visibleOrders.has(id));
    const ownNumbers = own.map((id) => visibleOrders.get(id) as string);
    if ('order_ids' in data) data.order_ids = own;
    if ('order_numbers' in data) data.order_numbers = ownNumbers;
    const wave = typeof data.wave_number === 'string' ? data.wave_number : r.wave_number;
    return { ...r, event_data: data, description: scopedWaveDescription(STATUS_LOG_EVENT_LABELS[r.event_type], wave, ownNumbers) };
  });
}
