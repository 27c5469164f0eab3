import { sql } from 'kysely';
import type { Db } from '../../../server/db/index';
import type { TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { api, orderBody } from '../outbound-orders/world';

/**
 * A small warehouse for the wave planner: racks at known plan positions
 * (decimetres), products with complete data placed in them, a customer with a
 * login, and staff. Orders go through the API, so reservations are real.
 */

/** A rack at (x, y) with `count` compartments on level 01. */
export async function placedRack(db: Db, x: number, y: number, count = 2) {
  const comps = await buildCompartments(db, count);
  const rackId = comps[0].rack_id as number;
  await db.updateTable('locations').set({ position_x: x, position_y: y }).where('id', '=', rackId).execute();
  const rack = await db.selectFrom('locations').select(['id', 'code']).where('id', '=', rackId).executeTakeFirstOrThrow();
  return { id: rack.id, code: rack.code, x, y, comps };
}
export type PlacedRack = Awaited<ReturnType<typeof placedRack>>;

/** A product with weight and all three dimensions unless told otherwise. */
export async function dataProduct(db: Db, over: { title?: string; ean?: string; weight_kg?: number | null; dims?: [number, number, number] | null } = {}) {
  const p = await buildProduct(db, { title: over.title, ean: over.ean, weight_kg: over.weight_kg === undefined ? 0.5 : over.weight_kg });
  const dims = over.dims === undefined ? [20, 10, 5] : over.dims;
  await db
    .updateTable('products')
    .set({ length_cm: dims?.[0] ?? null, width_cm: dims?.[1] ?? null, height_cm: dims?.[2] ?? null })
    .where('id', '=', p.id)
    .execute();
  return p;
}

export async function buildPlanningWorld(t: TestApp, over: { company_name?: string } = {}) {
  const customer = await buildCustomer(t.db, over);
  const user = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
  const worker = await buildUser(t.db, 'warehouse_worker');
  const manager = await buildUser(t.db, 'warehouse_manager');
  return {
    customer,
    user,
    worker,
    manager,
    h: { customer: auth(t.app, user), worker: auth(t.app, worker), manager: auth(t.app, manager) },
    /** Puts `quantity` of a product for this customer into a compartment of the rack. */
    stock: async (productId: number, rack: PlacedRack, quantity = 100, comp = 0) =>
      buildStock(t.db, { product_id: productId, customer_id: customer.id, location_id: rack.comps[comp].id, quantity }),
    /** An order placed by the customer user (reserved by the service). */
    order: async (lines: Array<[number, number]>, extra: Parameters<typeof orderBody>[1] = {}) => {
      const res = await api(t).post(
        '/api/outbound-orders/',
        auth(t.app, user),
        orderBody(
          lines.map(([product_id, quantity]) => ({ product_id, quantity })),
          extra,
        ),
      );
      if (res.statusCode !== 201) throw new Error(`order refused: ${res.body}`);
      return res.json() as { id: number; order_number: string };
    },
  };
}
export type PlanningWorld = Awaited<ReturnType<typeof buildPlanningWorld>>;

/** Puts an order into a wave straight in the database (open unless told otherwise). */
export async function putInWave(db: Db, orderId: number, isOpen = true) {
  const wave = await db
    .insertInto('picking_waves')
    .values({ wave_number: sql<string>`'WT-' || ${String(orderId)} || '-' || floor(random() * 1e9)::text`, name: 'Testwelle', creation_method: 'manual' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('picking_wave_orders').values({ wave_id: wave.id, order_id: orderId, position: 0, is_open: isOpen }).execute();
  return wave.id;
}

/** A line with nothing reserved, straight in the database (the API refuses orders beyond stock). */
export async function addUnreservedLine(db: Db, orderId: number, productId: number, quantity: number) {
  await db.insertInto('outbound_order_items').values({ order_id: orderId, product_id: productId, quantity, unit: 'piece' }).execute();
}

export interface Suggestion {
  reason: string;
  order_ids: number[];
  orders: Array<{ id: number; order_number: string; delivery_name: string }>;
  total_orders: number;
  is_optimal: boolean;
  has_heavy_order: boolean;
  has_missing_data: boolean;
  missing_product_data: Array<{ product_id: number; missing: string[] }>;
  route_length_m: number;
  route: Array<{ sequence: number; rack_id: number; rack_code: string; position_x: number; position_y: number }>;
}
export interface SuggestBody {
  suggestions: Suggestion[];
  message: string;
  unpickable_info: Array<{ order_id: number; items: Array<{ missing_quantity: number }> }>;
}

export async function suggest(t: TestApp, headers: Record<string, string>, max: string | number = 4) {
  const res = await api(t).post(`/api/picking-waves/suggest?max_orders_per_wave=${max}`, headers);
  return { status: res.statusCode, body: res.json() as SuggestBody };
}

export async function available(t: TestApp, headers: Record<string, string>, query: Record<string, string> = {}) {
  const res = await api(t).get(`/api/picking-waves/available-orders?${new URLSearchParams(query)}`, headers);
  return {
    status: res.statusCode,
    body: res.json() as { orders: Array<{ id: number; fully_reserved: boolean; has_missing_data: boolean; weight_kg: number; volume_l: number }> },
  };
}
