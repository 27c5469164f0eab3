import { sql } from 'kysely';
import { cornerOf, type WaveStatus } from '../../../shared/domain/wave-status';
import type { PickingWave, WaveOrder } from '../../../shared/schemas/waves';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, waveVisibleTo } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Reads of picking waves. A wave is visible to an actor only when every one
 * of its orders is in the actor's customer scope; otherwise it is answered
 * like a missing wave (WAVE_NOT_FOUND), so ids cannot be probed.
 */

function waveBase(db: DbOrTrx, actor: Actor) {
  return db
    .selectFrom('picking_waves as w')
    .leftJoin('users as picker', 'picker.id', 'w.picker_user_id')
    .select([
      'w.id',
      'w.wave_number',
      'w.name',
      'w.status',
      'w.creation_method',
      'w.pallet_barcode',
      'w.pallet_id',
      'w.disposable_pallet_id',
      'w.picker_user_id',
      'picker.full_name as picker_full_name',
      'picker.username as picker_username',
      'w.created_at',
      'w.started_at',
      'w.picking_started_at',
      'w.completed_at',
    ])
    .where((eb) => waveVisibleTo(eb, 'w.id', actor.scope));
}

async function ordersOf(db: DbOrTrx, waveIds: number[]): Promise<Map<number, WaveOrder[]>> {
  const out = new Map<number, WaveOrder[]>();
  if (waveIds.length === 0) return out;
  const rows = await db
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'wo.wave_id',
      'wo.position',
      'o.id',
      'o.order_number',
      'o.status',
      'o.customer_id',
      'c.company_name as customer_name',
      'o.delivery_name',
      'o.delivery_city',
      (eb) => eb.selectFrom('outbound_order_items as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.order_id', '=', 'o.id').as('item_count'),
      (eb) =>
        eb
          .selectFrom('outbound_order_items as i')
          .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
          .whereRef('i.order_id', '=', 'o.id')
          .as('total_quantity'),
      (eb) =>
        eb
          .selectFrom('outbound_order_items as i')
          .select(sql<number>`coalesce(sum(i.picked_quantity), 0)::int`.as('n'))
          .whereRef('i.order_id', '=', 'o.id')
          .as('picked_quantity'),
    ])
    .where('wo.wave_id', 'in', waveIds)
    .orderBy('wo.wave_id')
    .orderBy('wo.position')
    .execute();
  for (const r of rows) {
    const order: WaveOrder = {
      id: r.id,
      order_number: r.order_number,
      status: r.status,
      customer_id: r.customer_id,
      customer_name: r.customer_name,
      delivery_name: r.delivery_name,
      delivery_city: r.delivery_city,
      item_count: Number(r.item_count ?? 0),
      total_quantity: Number(r.total_quantity ?? 0),
      picked_quantity: Number(r.picked_quantity ?? 0),
      pallet_corner: cornerOf(r.position),
    };
    const list = out.get(r.wave_id);
    if (list) list.push(order);
    else out.set(r.wave_id, [order]);
  }
  return out;
}

/** Distinct storage locations holding the reservations of each wave's orders. */
async function locationCounts(db: DbOrTrx, waveIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (waveIds.length === 0) return out;
  const rows = await db
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_order_items as i', 'i.order_id', 'wo.order_id')
    .innerJoin('order_reservations as r', 'r.order_item_id', 'i.id')
    .innerJoin('stock as s', 's.id', 'r.stock_id')
    .select(['wo.wave_id', sql<number>`count(DISTINCT s.location_id)::int`.as('n')])
    .where('wo.wave_id', 'in', waveIds)
    .groupBy('wo.wave_id')
    .execute();
  for (const r of rows) out.set(r.wave_id, Number(r.n));
  return out;
}

type WaveRow = Awaited<ReturnType<ReturnType<typeof waveBase>['executeTakeFirstOrThrow']>>;

async function shapeWaves(db: DbOrTrx, rows: WaveRow[]): Promise<PickingWave[]> {
  const ids = rows.map((r) => r.id);
  const [orders, locations] = await Promise.all([ordersOf(db, ids), locationCounts(db, ids)]);
  return rows.map((r) => {
    const os = orders.get(r.id) ?? [];
    return {
      id: r.id,
      wave_number: r.wave_number,
      name: r.name,
      status: r.status,
      creation_method: r.creation_method,
      order_ids: os.map((o) => o.id),
      pallet_barcode: r.pallet_barcode,
      pallet_kind: r.pallet_id ? 'reusable' : r.disposable_pallet_id ? 'disposable' : null,
      total_orders: os.length,
      total_items: os.reduce((s, o) => s + o.item_count, 0),
      total_locations: locations.get(r.id) ?? 0,
      total_quantity: os.reduce((s, o) => s + o.total_quantity, 0),
      picked_quantity: os.reduce((s, o) => s + o.picked_quantity, 0),
      picker_user_id: r.picker_user_id,
      picker_name: r.picker_full_name || r.picker_username || null,
      created_at: r.created_at,
      started_at: r.started_at,
      picking_started_at: r.picking_started_at,
      completed_at: r.completed_at,
      orders: os,
    };
  });
}

export async function listWaves(db: DbOrTrx, actor: Actor, status?: WaveStatus): Promise<PickingWave[]> {
  let q = waveBase(db, actor);
  if (status) q = q.where('w.status', '=', status);
  const rows = await q.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').execute();
  return shapeWaves(db, rows);
}

export async function getWave(db: DbOrTrx, actor: Actor, id: number): Promise<PickingWave> {
  const row = await waveBase(db, actor).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('WAVE_NOT_FOUND', { id });
  const [wave] = await shapeWaves(db, [row]);
  if (!wave) throw new AppError('WAVE_NOT_FOUND', { id });
  return wave;
}

export interface LockedWave {
  id: number;
  wave_number: string;
  name: string;
  status: WaveStatus;
  pallet_barcode: string | null;
  pallet_id: number | null;
  disposable_pallet_id: number | null;
  picker_user_id: number | null;
  order_ids: number[];
}

/**
 * Locks the wave row (FOR UPDATE) so two commands on one wave run one after
 * the other; invisible waves are WAVE_NOT_FOUND. order_ids in corner order.
 */
export async function lockWave(trx: Trx, actor: Actor, id: number): Promise<LockedWave> {
  const row = await trx
    .selectFrom('picking_waves')
    .select(['id', 'wave_number', 'name', 'status', 'pallet_barcode', 'pallet_id', 'disposable_pallet_id', 'picker_user_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('WAVE_NOT_FOUND', { id });
  const orders = await trx
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
    .select(['wo.order_id', 'o.customer_id'])
    .where('wo.wave_id', '=', id)
    .orderBy('wo.position')
    .execute();
  if (orders.some((o) => !canSeeCustomer(actor.scope, o.customer_id))) throw new AppError('WAVE_NOT_FOUND', { id });
  return { ...row, order_ids: orders.map((o) => o.order_id) };
}
