import { sql } from 'kysely';
import type { PickStop } from '../../../shared/domain/pick-route';
import type { DbOrTrx } from '../../db/index';
import { placeBlocked } from '../locations/blocked';

/**
 * Where the goods of some orders lie: one row per reservation (order line ×
 * stock row), with the place's path parts and its rack's plan position, so
 * pick lists, the wave working set and the wave planner order the stops by
 * the one route of shared/domain/pick-route.ts. `lines` holds every line
 * of the orders, also those without a reservation left (fully picked or
 * short), so the caller still sees them. Reservations on a blocked place
 * (docs/operations.md "Blocked places") are left out: they count as short.
 */
export interface OrderLine {
  order_id: number;
  order_item_id: number;
  product_id: number;
  product_ean: string;
  product_title: string;
  unit: string;
  quantity_ordered: number;
  picked_quantity: number;
  units_per_box: number | null;
  boxes_per_pallet: number | null;
  sort_index: number;
}

export interface ReservationStop extends PickStop, Omit<OrderLine, 'sort_index'> {
  stock_id: number;
  location_id: number;
  location_barcode: string;
  location_name: string | null;
  building_name: string | null;
  room_name: string | null;
  /** Building / room / barcode, as every other screen shows a place. */
  full_path: string;
  /** What this reservation holds for the line. */
  reserved_quantity: number;
  /** The stock row's quantity and its free part (not reserved by anyone). */
  stock_quantity: number;
  free_quantity: number;
  batch_number: string;
  expiry_date: string | null;
}

export interface OrderStops {
  lines: OrderLine[];
  stops: ReservationStop[];
}

export async function loadOrderStops(db: DbOrTrx, orderIds: readonly number[]): Promise<OrderStops> {
  if (orderIds.length === 0) return { lines: [], stops: [] };
  const lines = await db
    .selectFrom('outbound_order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.order_id',
      'i.id as order_item_id',
      'i.product_id',
      'p.ean as product_ean',
      'p.title as product_title',
      'i.unit',
      'i.quantity as quantity_ordered',
      'i.picked_quantity',
      'p.units_per_box',
      'p.boxes_per_pallet',
      'i.sort_index',
    ])
    .where('i.order_id', 'in', [...orderIds])
    .orderBy('i.order_id')
    .orderBy('i.sort_index')
    .orderBy('i.id')
    .execute();
  const rows = await db
    .selectFrom('order_reservations as r')
    .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
    .innerJoin('stock as s', 's.id', 'r.stock_id')
    .innerJoin('locations as c', 'c.id', 's.location_id')
    .innerJoin('locations as lv', 'lv.id', 'c.parent_id')
    .innerJoin('locations as rk', 'rk.id', 'c.rack_id')
    .leftJoin('rooms as rm', (j) => j.on(sql<boolean>`rm.id = coalesce(c.room_id, rk.room_id)`))
    .leftJoin('buildings as b', (j) => j.on(sql<boolean>`b.id = coalesce(c.building_id, rk.building_id, rm.building_id)`))
    .select([
      'i.id as order_item_id',
      'r.stock_id',
      'r.quantity as reserved_quantity',
      's.location_id',
      's.quantity as stock_quantity',
      sql<number>`(s.quantity - s.reserved_quantity)`.as('free_quantity'),
      's.batch_number',
      's.expiry_date',
      'c.barcode as location_barcode',
      'c.name as location_name',
      'b.name as building_name',
      'rm.name as room_name',
      'rk.id as rack_id',
      'rk.code as rack_code',
      'lv.code as level_code',
      'c.code as compartment_code',
      'rk.position_x',
      'rk.position_y',
    ])
    .where('i.order_id', 'in', [...orderIds])
    // Reservations on a blocked place cannot be picked: no list, route or planner shows them.
    .where(sql<boolean>`NOT ${placeBlocked('s.location_id')}`)
    .orderBy('r.stock_id')
    .execute();
  const lineById = new Map(lines.map((l) => [l.order_item_id, l]));
  const stops: ReservationStop[] = [];
  for (const r of rows) {
    const line = lineById.get(r.order_item_id);
    if (!line) continue;
    const barcode = r.location_barcode ?? String(r.location_id);
    stops.push({
      ...line,
      stock_id: r.stock_id,
      location_id: r.location_id,
      location_barcode: barcode,
      location_name: r.location_name,
      building_name: r.building_name,
      room_name: r.room_name,
      full_path: [r.building_name, r.room_name, barcode].filter(Boolean).join(' / '),
      reserved_quantity: r.reserved_quantity,
      stock_quantity: r.stock_quantity,
      free_quantity: Number(r.free_quantity),
      batch_number: r.batch_number,
      expiry_date: r.expiry_date,
      rack_id: r.rack_id,
      rack_code: r.rack_code,
      level_code: r.level_code,
      compartment_code: r.compartment_code,
      position_x: Number(r.position_x),
      position_y: Number(r.position_y),
    });
  }
  return { lines, stops };
}
