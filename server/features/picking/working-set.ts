import { sql } from 'kysely';
import { routeStops } from '../../../shared/domain/pick-route';
import { isStaff } from '../../../shared/domain/roles';
import { cornerOf, type WaveStatus } from '../../../shared/domain/wave-status';
import { WaveEntity, type WsWave } from '../../../shared/schemas/picking';
import { SaveProgressRequest } from '../../../shared/schemas/waves';
import type { Actor } from '../../auth/actor';
import { waveVisibleTo } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { defineSource } from '../../offline';
import { loadOrderStops } from './stops';

/**
 * Working-set entity 'waves': what the handheld needs to pick a whole wave
 * without network (see WsWave). A wave is in the actor's set while it is
 * `ready` or `picking`, every order's customer is in the actor's scope, and no
 * other picker holds it. Customer users do not pick, so they get none.
 *
 * Incremental pulls send every visible wave whose row, orders, lines or
 * reservations changed in the window (a pick or shortage also touches the
 * wave row): still in the set → put, otherwise (completed, taken by another
 * picker) → del, so it leaves the device. Only drafts can be deleted, and a
 * draft was never on a device, so waves need no tombstones.
 */
export const PICKABLE: readonly WaveStatus[] = ['ready', 'picking'];

function inSet(w: { status: WaveStatus; picker_user_id: number | null }, actor: Actor): boolean {
  return PICKABLE.includes(w.status) && (w.picker_user_id === null || w.picker_user_id === actor.id);
}

export const waveSource = defineSource(WaveEntity, async (trx, actor, since) => {
  if (!isStaff(actor)) return [];
  let q = trx
    .selectFrom('picking_waves as w')
    .select(['w.id', 'w.wave_number', 'w.name', 'w.status', 'w.pallet_barcode', 'w.picker_user_id', 'w.creation_method', 'w.progress'])
    .where((eb) => waveVisibleTo(eb, 'w.id', actor.scope));
  if (since) {
    // A draft has never been on a device: its changes need no del.
    q = q.where('w.status', '<>', 'draft').where((eb) =>
      eb.or([
        since.changed('w'),
        eb.exists(
          eb
            .selectFrom('picking_wave_orders as wo')
            .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
            .innerJoin('outbound_order_items as i', 'i.order_id', 'o.id')
            .leftJoin('order_reservations as r', 'r.order_item_id', 'i.id')
            .select(sql`1`.as('one'))
            .whereRef('wo.wave_id', '=', 'w.id')
            .where((x) => x.or([since.changed('wo'), since.changed('o'), since.changed('i'), x.and([x('r.stock_id', 'is not', null), since.changed('r')])])),
        ),
      ]),
    );
  } else {
    q = q.where('w.status', 'in', PICKABLE).where((eb) => eb.or([eb('w.picker_user_id', 'is', null), eb('w.picker_user_id', '=', actor.id)]));
  }
  const heads = await q.orderBy('w.id').execute();
  const live = heads.filter((h) => inSet(h, actor));
  const shaped = await shapeWaves(
    trx,
    live.map((h) => ({ ...h, progress: SaveProgressRequest.safeParse(h.progress).data ?? null })),
  );
  return heads.map((h) => shaped.get(h.id) ?? { del: h.id });
});

type WaveHead = Pick<WsWave, 'id' | 'wave_number' | 'name' | 'status' | 'pallet_barcode' | 'picker_user_id' | 'creation_method' | 'progress'>;

/** Orders, lines and route-ordered stops of the waves, one loader call for all of them. */
async function shapeWaves(trx: Trx, heads: WaveHead[]): Promise<Map<number, WsWave>> {
  const out = new Map<number, WsWave>();
  if (heads.length === 0) return out;
  const orders = await trx
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
    .select(['wo.wave_id', 'wo.position', 'o.id', 'o.order_number', 'o.status', 'o.delivery_name', 'o.customer_id'])
    .where(
      'wo.wave_id',
      'in',
      heads.map((h) => h.id),
    )
    .orderBy('wo.wave_id')
    .orderBy('wo.position')
    .execute();
  const { lines, stops } = await loadOrderStops(
    trx,
    orders.map((o) => o.id),
  );
  for (const h of heads) {
    const own = orders.filter((o) => o.wave_id === h.id);
    const ids = new Set(own.map((o) => o.id));
    const { route, stops: ordered } = routeStops(stops.filter((s) => ids.has(s.order_id)));
    out.set(h.id, {
      ...h,
      orders: own.map((o) => ({
        id: o.id,
        order_number: o.order_number,
        status: o.status,
        delivery_name: o.delivery_name,
        customer_id: o.customer_id,
        pallet_corner: cornerOf(o.position),
      })),
      lines: lines
        .filter((l) => ids.has(l.order_id))
        .map((l) => ({
          order_id: l.order_id,
          order_item_id: l.order_item_id,
          product_id: l.product_id,
          product_ean: l.product_ean,
          product_title: l.product_title,
          unit: l.unit,
          quantity_ordered: l.quantity_ordered,
          picked_quantity: l.picked_quantity,
          units_per_box: l.units_per_box,
          boxes_per_pallet: l.boxes_per_pallet,
        })),
      stops: ordered.map((s, i) => ({
        sequence: i + 1,
        order_id: s.order_id,
        order_item_id: s.order_item_id,
        location_id: s.location_id,
        location_barcode: s.location_barcode,
        full_path: s.full_path,
        rack_code: s.rack_code,
        level_code: s.level_code,
        compartment_code: s.compartment_code,
        quantity: s.reserved_quantity,
        stock_id: s.stock_id,
        batch_number: s.batch_number,
        expiry_date: s.expiry_date,
      })),
      route_length_m: route.length_m,
    });
  }
  return out;
}
