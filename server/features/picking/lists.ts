import { routeStops } from '../../../shared/domain/pick-route';
import { veRecommendation } from '../../../shared/domain/ve-recommendation';
import { cornerOf, OPEN_WAVE_STATUSES, type PalletCorner } from '../../../shared/domain/wave-status';
import type { PickingList, PickingListItem, PickingListLocation, RollingPick, RollingPickingList } from '../../../shared/schemas/picking';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, inScope, waveVisibleTo } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { createWave } from '../waves/service';
import { type OrderLine, type ReservationStop, loadOrderStops } from './stops';

/**
 * Pick lists (docs/fulfilment.md "Pick lists"): the stops are where the
 * orders' reservations lie, visited in the one shortest route of
 * shared/domain/pick-route.ts. Which places hold the reservation (FEFO,
 * strategy) was decided when reserving; this file only orders and shapes.
 */

/** Units of a line no place covers any more: ordered − picked − still reserved. */
export function lineShortage(line: OrderLine, stops: readonly ReservationStop[]): number {
  const reserved = stops.filter((s) => s.order_item_id === line.order_item_id).reduce((n, s) => n + s.reserved_quantity, 0);
  return Math.max(0, line.quantity_ordered - line.picked_quantity - reserved);
}

function locationEntry(s: ReservationStop, sequence: number): PickingListLocation {
  const packaging = { units_per_box: s.units_per_box, boxes_per_pallet: s.boxes_per_pallet };
  return {
    sequence,
    location_id: s.location_id,
    location_name: s.location_name ?? s.location_barcode,
    full_path: s.full_path,
    location_barcode: s.location_barcode,
    building: s.building_name,
    room: s.room_name,
    rack: s.rack_code,
    level: s.level_code,
    compartment: s.compartment_code,
    quantity_to_pick: s.reserved_quantity,
    available_quantity: s.stock_quantity,
    batch_number: s.batch_number,
    expiry_date: s.expiry_date,
    packaging_info: JSON.stringify(packaging),
    ve_recommendation: veRecommendation(s.reserved_quantity, packaging),
    total_pieces: s.reserved_quantity,
  };
}

/** GET /outbound-orders/{id}/picking-list. Invisible orders are ORDER_NOT_FOUND. */
export async function pickingList(db: DbOrTrx, actor: Actor, orderId: number): Promise<PickingList> {
  const order = await db
    .selectFrom('outbound_orders as o')
    .select(['o.id', 'o.order_number'])
    .where('o.id', '=', orderId)
    .where((eb) => inScope(eb, 'o.customer_id', actor.scope))
    .executeTakeFirst();
  if (!order) throw new AppError('ORDER_NOT_FOUND', { id: orderId });
  const { lines, stops } = await loadOrderStops(db, [order.id]);
  const { route, stops: ordered } = routeStops(stops);
  const byLine = new Map<number, PickingListLocation[]>();
  ordered.forEach((s, i) => {
    const list = byLine.get(s.order_item_id) ?? [];
    list.push(locationEntry(s, i + 1));
    byLine.set(s.order_item_id, list);
  });
  const items: PickingListItem[] = lines.map((l) => ({
    order_item_id: l.order_item_id,
    product_id: l.product_id,
    product_ean: l.product_ean,
    product_title: l.product_title,
    quantity_ordered: l.quantity_ordered,
    picked_quantity: l.picked_quantity,
    unit: l.unit,
    shortage: lineShortage(l, stops),
    locations: byLine.get(l.order_item_id) ?? [],
  }));
  // Route order of each line's first stop; lines without a stop (picked or short) keep their order at the end.
  const first = (i: PickingListItem) => i.locations[0]?.sequence ?? Number.POSITIVE_INFINITY;
  const sorted = items.map((item, idx) => ({ item, idx })).sort((a, b) => first(a.item) - first(b.item) || a.idx - b.idx);
  return { order_id: order.id, order_number: order.order_number, route_length_m: route.length_m, items: sorted.map((e) => e.item) };
}

interface RollingOrder {
  id: number;
  order_number: string;
  customer_name: string;
}

/**
 * Which wave a rolling list belongs to: the one open wave holding all the
 * orders (corners in the wave's order), or a new draft `rolling` wave when
 * none is in an open wave (corners in the given order); any mix is 409, and
 * so is a wave holding orders outside the caller's scope.
 */
async function rollingWave(trx: Trx, actor: Actor, orders: RollingOrder[]): Promise<{ wave_id: number; corners: Map<number, PalletCorner>; order: number[] }> {
  const ids = orders.map((o) => o.id);
  const memberships = await trx
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('picking_waves as w', 'w.id', 'wo.wave_id')
    .select(['wo.wave_id', 'wo.order_id', 'wo.position'])
    .where('wo.order_id', 'in', ids)
    .where('wo.is_open', '=', true)
    .where('w.status', 'in', [...OPEN_WAVE_STATUSES])
    .execute();
  if (memberships.length === 0) {
    const wave = await createWave(trx, actor, { name: null, order_ids: ids, creation_method: 'rolling' });
    return { wave_id: wave.id, corners: new Map(ids.map((id, i) => [id, cornerOf(i)])), order: ids };
  }
  const waveIds = new Set(memberships.map((m) => m.wave_id));
  if (waveIds.size > 1 || memberships.length !== ids.length) {
    throw new AppError('ROLLING_WAVE_MIX', { orders: orders.map((o) => o.order_number).join(', ') });
  }
  // The wave may hold further orders, of customers the caller cannot see: its id, corners and picks are
  // theirs too, so it is refused like a wave the caller cannot open.
  const visible = await trx
    .selectFrom('picking_waves as w')
    .select('w.id')
    .where('w.id', '=', memberships[0].wave_id)
    .where((eb) => waveVisibleTo(eb, 'w.id', actor.scope))
    .executeTakeFirst();
  if (!visible) throw new AppError('ROLLING_WAVE_FOREIGN', { orders: orders.map((o) => o.order_number).join(', ') });
  const sorted = [...memberships].sort((a, b) => a.position - b.position);
  return { wave_id: sorted[0].wave_id, corners: new Map(sorted.map((m) => [m.order_id, cornerOf(m.position)])), order: sorted.map((m) => m.order_id) };
}

/** POST /outbound-orders/rolling-picking-list: one route over 1–4 orders, picks per place with the pallet corner. */
export async function rollingPickingList(trx: Trx, actor: Actor, orderIds: readonly number[]): Promise<RollingPickingList> {
  const rows = await trx
    .selectFrom('outbound_orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.order_number', 'o.customer_id', 'c.company_name as customer_name'])
    .where('o.id', 'in', [...orderIds])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const orders = orderIds.map((id) => {
    const o = byId.get(id);
    if (!o || !canSeeCustomer(actor.scope, o.customer_id)) throw new AppError('ORDER_NOT_FOUND', { id });
    return o;
  });
  const wave = await rollingWave(trx, actor, orders);
  const { stops } = await loadOrderStops(trx, wave.order);
  const { route, stops: ordered } = routeStops(stops);
  const locations: RollingPickingList['locations'] = [];
  const atLocation = new Map<number, RollingPickingList['locations'][number]>();
  for (const s of ordered) {
    let loc = atLocation.get(s.location_id);
    if (!loc) {
      loc = { sequence: locations.length + 1, location_id: s.location_id, location_barcode: s.location_barcode, full_path: s.full_path, picks: [] };
      atLocation.set(s.location_id, loc);
      locations.push(loc);
    }
    const corner = wave.corners.get(s.order_id) ?? 'A';
    const pick: RollingPick = {
      order_id: s.order_id,
      order_item_id: s.order_item_id,
      product_title: s.product_title,
      product_ean: s.product_ean,
      quantity: s.reserved_quantity,
      unit: s.unit,
      pallet_corner: corner,
      order_number: byId.get(s.order_id)?.order_number ?? '',
      batch_number: s.batch_number,
      expiry_date: s.expiry_date,
    };
    loc.picks.push(pick);
  }
  // Inside a place, corner by corner so the picker fills the pallet in a fixed order.
  for (const loc of locations) loc.picks.sort((a, b) => a.pallet_corner.localeCompare(b.pallet_corner) || a.order_item_id - b.order_item_id);
  return {
    order_ids: wave.order,
    wave_id: wave.wave_id,
    route_length_m: route.length_m,
    pallet_assignments: wave.order.map((id) => ({
      corner: wave.corners.get(id) ?? 'A',
      order_id: id,
      order_number: byId.get(id)?.order_number ?? '',
      customer_name: byId.get(id)?.customer_name ?? '',
    })),
    locations,
  };
}
