import { sql } from 'kysely';
import { ORDER_STATUSES, type OrderStatus, statusesForFilter } from '../../../shared/domain/order-status';
import { shipmentPackages } from '../../../shared/domain/tracking';
import type { OrderItem, OrderListQuery, OrderPage, OutboundOrder } from '../../../shared/schemas/orders';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { groupByOrder, orderItemRows } from './item-rows';
import { ORDER_HEAD_COLUMNS, ordersWithCustomer } from './order-head';

/**
 * Reads of outbound orders. Every read goes through the actor's customer
 * scope; an order outside it is answered exactly like a missing one
 * (ORDER_NOT_FOUND), so ids cannot be probed.
 */

const ORDER_COLUMNS = [
  ...ORDER_HEAD_COLUMNS,
  'o.notes',
  'o.created_at',
  'o.updated_at',
  'o.confirmed_at',
  'o.picking_started_at',
  'o.picking_completed_at',
  'o.packed_at',
  'o.shipped_at',
  'o.completed_at',
  'o.cancelled_at',
  'o.carrier',
  'o.carrier_type',
  'o.tracking_number',
  'o.num_packages',
  'o.total_weight_grams',
  'o.num_pallets',
  'o.pallet_dimensions',
  'o.freight_quote_requested_at',
  'o.freight_quote_price',
  'o.freight_quote_notes',
  'o.order_reference',
  'o.delivery_company',
  'o.delivery_phone',
] as const;

function baseQuery(db: DbOrTrx) {
  return ordersWithCustomer(db).select(ORDER_COLUMNS);
}

async function itemsFor(db: DbOrTrx, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await orderItemRows(db, orderIds)
    .select([
      'i.notes',
      'i.selected_ve_type',
      'i.selected_ve_quantity',
      'i.selected_ve_unit_size',
      'p.length_cm',
      'p.width_cm',
      'p.height_cm',
      'p.units_per_box',
      'p.boxes_per_pallet',
    ])
    .execute();
  return groupByOrder(
    rows,
    (r): OrderItem => ({
      id: r.id,
      product_id: r.product_id,
      product_ean: r.product_ean,
      product_title: r.product_title,
      quantity: r.quantity,
      picked_quantity: r.picked_quantity,
      reserved_quantity: Number(r.reserved_quantity ?? 0),
      unit: r.unit,
      notes: r.notes,
      selected_ve_type: r.selected_ve_type,
      selected_ve_quantity: r.selected_ve_quantity,
      selected_ve_unit_size: r.selected_ve_unit_size,
      product: {
        image_url: r.image_url,
        weight_kg: r.weight_kg,
        length_cm: r.length_cm,
        width_cm: r.width_cm,
        height_cm: r.height_cm,
        units_per_box: r.units_per_box,
        boxes_per_pallet: r.boxes_per_pallet,
      },
    }),
  );
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function shape(row: OrderRow, items: OrderItem[]): OutboundOrder {
  const total = items.reduce((s, i) => s + i.quantity, 0);
  return { ...row, item_count: items.length, total_items: items.length, total_quantity: total, packages: shipmentPackages(row), items };
}

export async function getOrder(db: DbOrTrx, actor: Actor, id: number): Promise<OutboundOrder> {
  const row = await baseQuery(db)
    .where('o.id', '=', id)
    .where((eb) => inScope(eb, 'o.customer_id', actor.scope))
    .executeTakeFirst();
  if (!row) throw new AppError('ORDER_NOT_FOUND', { id });
  const items = await itemsFor(db, [row.id]);
  return shape(row, items.get(row.id) ?? []);
}

export async function listOrders(db: DbOrTrx, actor: Actor, q: OrderListQuery): Promise<OrderPage> {
  const statuses = statusesForFilter(q.status_filter) as OrderStatus[];
  const filtered = db
    .selectFrom('outbound_orders as o')
    .where((eb) => inScope(eb, 'o.customer_id', actor.scope))
    .$if(statuses.length < ORDER_STATUSES.length, (qb) => qb.where('o.status', 'in', statuses))
    .$if(q.customer_id !== undefined, (qb) => qb.where('o.customer_id', '=', q.customer_id as number));
  const offset = (q.page - 1) * q.page_size;
  // The page's ids first, from the index (created_at, id) with status and customer (migration 0036):
  // a deep page skips index entries only; the orders' columns are read for the page's rows alone.
  const keys = filtered.select('o.id').orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(q.page_size).offset(offset).as('k');
  const [counted, rows] = await Promise.all([
    filtered.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    baseQuery(db).innerJoin(keys, 'k.id', 'o.id').orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute(),
  ]);
  const total = Number(counted.n);
  const items = await itemsFor(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => shape(r, items.get(r.id) ?? [])),
    total,
    total_pages: Math.ceil(total / q.page_size),
    page: q.page,
    page_size: q.page_size,
  };
}

export interface LockedOrder {
  id: number;
  order_number: string;
  status: OrderStatus;
  customer_id: number;
  delivery_country: string;
}

/**
 * Locks the order row for a command (FOR UPDATE), so two state changes of the
 * same order run one after the other. Invisible orders are ORDER_NOT_FOUND.
 */
export async function lockOrder(trx: Trx, actor: Actor, id: number): Promise<LockedOrder> {
  const row = await trx
    .selectFrom('outbound_orders')
    .select(['id', 'order_number', 'status', 'customer_id', 'delivery_country'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || !canSeeCustomer(actor.scope, row.customer_id)) throw new AppError('ORDER_NOT_FOUND', { id });
  return row;
}
