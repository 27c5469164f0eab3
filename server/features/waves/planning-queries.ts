import { type SqlBool, sql } from 'kysely';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import { WAVE_ELIGIBLE_ORDER_STATUSES } from '../../../shared/domain/wave-status';
import type { WaveCandidate, WaveCandidateLine } from '../../../shared/domain/wave-suggestion-types';
import type { AvailableOrder, AvailableOrdersQuery } from '../../../shared/schemas/wave-planning';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { likePattern } from '../stock/queries';
import { loadOrderStops } from '../picking/stops';
import { loadOrderLoads } from './load';

/**
 * Reads of the wave planner (docs/fulfilment.md "Wave suggestions"): the
 * candidate orders — `new`, `confirmed` or released (start-picking outside a
 * wave, docs/fulfilment.md "Released orders"), in no open wave, in the actor's
 * customer scope, oldest first — once as planner input and once as the
 * manual panel's filtered list. Both go through candidateOrders(), so the
 * suggestion and the list can never disagree about which orders are free.
 */

function candidateOrders(db: DbOrTrx, actor: Actor) {
  return (
    db
      .selectFrom('outbound_orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .where((eb) =>
        eb.or([
          eb('o.status', 'in', [...WAVE_ELIGIBLE_ORDER_STATUSES]),
          // Released (shared isReleasedOrder): started outside a wave, picking not ended.
          eb.and([eb('o.status', '=', 'picking'), eb('o.picking_completed_at', 'is', null)]),
        ]),
      )
      .where((eb) => inScope(eb, 'o.customer_id', actor.scope))
      // No open wave holds the order (the partial unique index allows at most one).
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('picking_wave_orders as wo').select('wo.order_id').whereRef('wo.order_id', '=', 'o.id').where('wo.is_open', '=', true))),
      )
  );
}

/** Product data the planner needs for volume and weight. */
async function productData(db: DbOrTrx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, Pick<WaveCandidateLine, 'weight_kg' | 'length_cm' | 'width_cm' | 'height_cm'>>();
  const rows = await db.selectFrom('products').select(['id', 'weight_kg', 'length_cm', 'width_cm', 'height_cm']).where('id', 'in', productIds).execute();
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return new Map(rows.map((r) => [r.id, { weight_kg: num(r.weight_kg), length_cm: num(r.length_cm), width_cm: num(r.width_cm), height_cm: num(r.height_cm) }]));
}

/** The planner's input: every candidate with its lines, reservations and their racks, oldest first. */
export async function loadWaveCandidates(db: DbOrTrx, actor: Actor): Promise<WaveCandidate[]> {
  const orders = await candidateOrders(db, actor).select(['o.id', 'o.order_number', 'o.delivery_name']).orderBy('o.created_at').orderBy('o.id').execute();
  const { lines, stops } = await loadOrderStops(
    db,
    orders.map((o) => o.id),
  );
  const products = await productData(db, [...new Set(lines.map((l) => l.product_id))]);
  const stopsByLine = new Map<number, typeof stops>();
  for (const s of stops) {
    const list = stopsByLine.get(s.order_item_id);
    if (list) list.push(s);
    else stopsByLine.set(s.order_item_id, [s]);
  }
  const linesByOrder = new Map<number, WaveCandidateLine[]>();
  for (const l of lines) {
    const own = stopsByLine.get(l.order_item_id) ?? [];
    const data = products.get(l.product_id) ?? { weight_kg: null, length_cm: null, width_cm: null, height_cm: null };
    const line: WaveCandidateLine = {
      product_id: l.product_id,
      product_ean: l.product_ean,
      product_title: l.product_title,
      quantity: l.quantity_ordered,
      reserved_quantity: own.reduce((sum, s) => sum + s.reserved_quantity, 0),
      ...data,
      locations: own.map((s) => ({
        location_id: s.location_id,
        rack_id: s.rack_id,
        rack_code: s.rack_code,
        level_code: s.level_code,
        compartment_code: s.compartment_code,
        position_x: s.position_x,
        position_y: s.position_y,
      })),
    };
    const list = linesByOrder.get(l.order_id);
    if (list) list.push(line);
    else linesByOrder.set(l.order_id, [line]);
  }
  return orders.map((o) => ({ id: o.id, order_number: o.order_number, delivery_name: o.delivery_name, lines: linesByOrder.get(o.id) ?? [] }));
}

/** The manual panel's and the picking screen's list: the candidates narrowed by the seven filters, released first, then oldest first. */
export async function listAvailableOrders(db: DbOrTrx, actor: Actor, q: AvailableOrdersQuery): Promise<AvailableOrder[]> {
  let query = candidateOrders(db, actor);
  if (q.customer_name) query = query.where('c.company_name', 'ilike', likePattern(q.customer_name));
  if (q.carrier) query = query.where('o.carrier', 'ilike', likePattern(q.carrier));
  if (q.carrier_type) query = query.where('o.carrier_type', '=', q.carrier_type);
  if (q.date_from) query = query.where(sql<SqlBool>`(o.created_at AT TIME ZONE ${WAREHOUSE_TIME_ZONE})::date >= ${q.date_from}::date`);
  // Inclusive: the whole day of date_to.
  if (q.date_to) query = query.where(sql<SqlBool>`(o.created_at AT TIME ZONE ${WAREHOUSE_TIME_ZONE})::date <= ${q.date_to}::date`);
  if (q.order_number) query = query.where('o.order_number', 'ilike', likePattern(q.order_number));
  const product = q.product_search;
  if (product) {
    const pattern = likePattern(product);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('outbound_order_items as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .select('i.id')
          .whereRef('i.order_id', '=', 'o.id')
          .where((e) => e.or([e('p.title', 'ilike', pattern), e('p.ean', 'ilike', pattern)])),
      ),
    );
  }
  const rows = await query
    .select([
      'o.id',
      'o.order_number',
      'o.status',
      'o.customer_id',
      'c.company_name as customer_name',
      'o.delivery_name',
      'o.delivery_city',
      'o.delivery_country',
      'o.carrier',
      'o.carrier_type',
      'o.created_at',
      (eb) => eb.selectFrom('outbound_order_items as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.order_id', '=', 'o.id').as('item_count'),
      (eb) =>
        eb
          .selectFrom('outbound_order_items as i')
          .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
          .whereRef('i.order_id', '=', 'o.id')
          .as('total_quantity'),
      // Fully reserved: no line whose reservations fall short of its quantity.
      sql<boolean>`NOT EXISTS (
        SELECT 1 FROM outbound_order_items i
        WHERE i.order_id = o.id
          AND i.quantity > (SELECT coalesce(sum(r.quantity), 0) FROM order_reservations r WHERE r.order_item_id = i.id))`.as('fully_reserved'),
    ])
    // Released orders first: someone already asked for them to be picked.
    .orderBy(sql`(o.status = 'picking')`, 'desc')
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  const loads = await loadOrderLoads(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const load = loads.get(r.id) ?? { weight_kg: 0, volume_l: 0, has_missing_data: false };
    return {
      ...r,
      item_count: Number(r.item_count ?? 0),
      total_quantity: Number(r.total_quantity ?? 0),
      fully_reserved: Boolean(r.fully_reserved),
      ...load,
    };
  });
}
