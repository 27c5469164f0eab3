import { loadActor } from '../../../server/auth/users';
import type { Actor } from '../../../server/auth/actor';
import type { Db } from '../../../server/db/index';
import type { TestApp } from '../../helpers/app';
import { buildProduct, buildUser } from '../../helpers/factories';
import { buildPickWorld, orderOf, pickingWave, rackAt, stockAt } from '../../server/picking/world';
import { mutation } from './sync-helpers';

/**
 * A picking world for the set-based pick replay (push-picks.test.ts), built the
 * same way twice so one copy replays set-based and the other one by one:
 * wave A (in picking, open to anyone) with order 1 (loose × 10 over places 0
 * and 1, VE product × 4 at place 2, p3 × 2 at place 3, which is then blocked),
 * wave B completed, wave C held by another picker, wave D whose order was
 * cancelled. `norm` maps the world's ids and names to symbols, so the two
 * copies' answers and rows can be compared.
 */
export async function buildReplayWorld(t: TestApp) {
  const w = await buildPickWorld(t);
  const p3 = await buildProduct(t.db);
  const stray = await buildProduct(t.db);
  const holder = await buildUser(t.db, 'warehouse_worker');
  const r = await rackAt(t.db, 10, 10, 5);
  await stockAt(t, w, w.loose.id, r[0].id, 8);
  await stockAt(t, w, w.loose.id, r[1].id, 5);
  await stockAt(t, w, w.product.id, r[2].id, 6);
  await stockAt(t, w, p3.id, r[3].id, 2);
  await stockAt(t, w, w.loose.id, r[4].id, 4, { batch_number: 'L7' });
  const o1 = await orderOf(t, w, [
    { product_id: w.loose.id, quantity: 10 },
    { product_id: w.product.id, quantity: 4 },
    { product_id: p3.id, quantity: 2 },
  ]);
  const o2 = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 2 }]);
  const o3 = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 3 }]);
  const o4 = await orderOf(t, w, [{ product_id: w.product.id, quantity: 1 }]);
  const waves = [
    await pickingWave(t.db, [o1.id]),
    await pickingWave(t.db, [o2.id], 'completed'),
    await pickingWave(t.db, [o3.id]),
    await pickingWave(t.db, [o4.id]),
  ];
  await t.db.updateTable('picking_waves').set({ picker_user_id: holder.id }).where('id', '=', waves[2].id).execute();
  await t.db.updateTable('outbound_orders').set({ status: 'cancelled' }).where('id', '=', o4.id).execute();
  await t.db.updateTable('locations').set({ is_blocked: true }).where('id', '=', r[3].id).execute();
  const orders = [o1, o2, o3, o4];
  const products = [w.loose, w.product, p3, stray];
  const holderRow = await t.db.selectFrom('users').select(['username', 'full_name']).where('id', '=', holder.id).executeTakeFirstOrThrow();
  const orderNumbers = await t.db
    .selectFrom('outbound_orders')
    .select('order_number')
    .where(
      'id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const ids: Record<string, number[]> = {
    waves: waves.map((x) => x.id),
    orders: orders.map((o) => o.id),
    items: orders.flatMap((o) => o.items.map((i) => i.id)),
    locations: r.map((x) => x.id),
    users: [w.worker.id, holder.id],
  };
  const names = [
    ...waves.map((x) => x.wave_number),
    ...orderNumbers.map((o) => o.order_number),
    ...r.flatMap((x) => [x.barcode as string, (x.barcode as string).toLowerCase()]),
    ...products.flatMap((p) => [p.ean, p.title]),
    holderRow.full_name,
    holderRow.username,
  ].filter((s): s is string => Boolean(s));
  const actor = (await loadActor(t.db, w.worker.id)) as Actor;
  const barcode = (i: number) => r[i].barcode as string;
  return { w, r, orders, waves, products, actor, ids, names, barcode };
}
export type ReplayWorld = Awaited<ReturnType<typeof buildReplayWorld>>;

export interface PickScan {
  wave: number;
  order: number;
  product: number;
  place: number;
  quantity: number;
  lower?: boolean;
  batch?: string;
  shortage?: boolean;
}

/** A scan as the world's mutation (`wave` -1: a wave that does not exist). */
export function scanMutation(x: ReplayWorld, id: number, s: PickScan) {
  const place = s.lower ? x.barcode(s.place).toLowerCase() : x.barcode(s.place);
  const base = { wave_id: s.wave < 0 ? 999_999_999 : x.waves[s.wave].id, order_id: x.orders[s.order].id, product_ean: x.products[s.product].ean };
  if (s.shortage) return mutation(id, 'picking.shortage', { ...base, location_barcode: place, missing_quantity: s.quantity }, x.w.worker.id);
  const extra = s.batch ? { batch_number: s.batch } : {};
  return mutation(id, 'picking.pick', { ...base, location_barcode: place, quantity: s.quantity, ...extra }, x.w.worker.id);
}

const KEY_KIND: Record<string, string> = {
  order_id: 'orders',
  order_item_id: 'items',
  stock_id: 'stocks',
  location_id: 'locations',
  picker_user_id: 'users',
  user_id: 'users',
};

/** The world's answers and rows with its ids and names replaced by symbols (`stocks`: the customer's stock rows by id). */
export function normaliser(x: ReplayWorld, stocks: number[]) {
  const ids: Record<string, number[]> = { ...x.ids, stocks };
  const names = [...x.names.entries()].sort((a, b) => b[1].length - a[1].length);
  const text = (s: string) => names.reduce((acc, [i, n]) => acc.replaceAll(n, `‹${i}›`), s);
  const walk = (v: unknown, key = ''): unknown => {
    if (typeof v === 'number' && KEY_KIND[key]) {
      const i = ids[KEY_KIND[key]].indexOf(v);
      return i < 0 ? v : `${KEY_KIND[key]}#${i}`;
    }
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map((e) => walk(e));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, walk(e, k)]));
    return v;
  };
  return walk;
}

/** Stock, reservations, pick lines, movements and logged outcomes of the world (and its device), normalised; and the normaliser. */
export async function snapshot(db: Db, x: ReplayWorld, clientId: string) {
  const stock = await db
    .selectFrom('stock')
    .select(['id', 'quantity', 'reserved_quantity', 'location_id', 'batch_number'])
    .where('customer_id', '=', x.w.customer.id)
    .orderBy('id')
    .execute();
  const n = normaliser(
    x,
    stock.map((s) => s.id),
  );
  const reservations = await db
    .selectFrom('order_reservations')
    .select(['order_item_id', 'stock_id', 'quantity'])
    .where('order_item_id', 'in', x.ids.items)
    .orderBy('order_item_id')
    .orderBy('stock_id')
    .execute();
  const lines = await db
    .selectFrom('outbound_order_items')
    .select(['id as order_item_id', 'picked_quantity'])
    .where('id', 'in', x.ids.items)
    .orderBy('id')
    .execute();
  const movements = await db
    .selectFrom('stock_movements')
    .select(['movement_type', 'stock_id', 'location_id', 'quantity', 'unit', 'order_id', 'user_id', 'notes', 'client_id', 'mutation_id', 'batch_number'])
    .where('customer_id', '=', x.w.customer.id)
    .orderBy('id')
    .execute();
  const logged = await db
    .selectFrom('sync_mutations')
    .select(['mutation_id', 'name', 'status', 'code', 'params', 'result'])
    .where('client_id', '=', clientId)
    .orderBy('mutation_id')
    .execute();
  const rows = n({
    stock: stock.map(({ id: stock_id, ...s }) => ({ stock_id, ...s })),
    reservations,
    lines,
    movements: movements.map((m) => ({
      ...m,
      client_id: m.client_id === null ? null : m.client_id === clientId ? 'device' : m.client_id,
      mutation_id: m.mutation_id === null ? null : Number(m.mutation_id),
    })),
    logged: logged.map((l) => ({ ...l, mutation_id: Number(l.mutation_id) })),
  }) as { logged: Array<{ status: string; code: string | null }> };
  return { rows, normalised: n };
}
