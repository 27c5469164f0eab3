import { sql } from 'kysely';
import { RECENT_MOVEMENTS_SHOWN } from '../../../shared/constants';
import type { InventoryOverview, InventoryOverviewQuery } from '../../../shared/schemas/inventory';
import type { Actor } from '../../auth/actor';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { availability } from '../../../shared/domain/stock-availability';
import { placeBlocked } from '../locations/blocked';
import { locationPathSelect } from '../stock/queries';
import { inStockRows, matchingRows, noteTotal, pageGroups } from './overview-page';
import { coveredScope, toRecent } from './service';

/**
 * Bestandsübersicht (spec part 2 §3), one page at a time: the product rows
 * (product × customer) of the filter, ordered by title and customer, with
 * their places and 5 newest movements, plus the headline counts and the 5
 * newest movements of the whole filter. The page's rows are handed to the
 * follow-up queries as two array parameters (unnest), never as one bind
 * parameter per id: PostgreSQL's bind message holds at most 65,535, and the
 * unpaged version answered 500 with a large catalogue.
 */

type Summary = InventoryOverview['product_summary'][number];

export async function inventoryOverview(db: DbOrTrx, actor: Actor, q: InventoryOverviewQuery): Promise<InventoryOverview> {
  const scope = coveredScope(actor, q.customer_id);
  const term = q.search?.trim() ?? '';
  const matching = matchingRows(db, scope, term);

  const after = q.after_product_id !== undefined && q.after_customer_id !== undefined ? { product: q.after_product_id, customer: q.after_customer_id } : null;
  // What does not depend on the page's rows runs beside the page and its places and movements; the
  // headline counts take longest. (Each has a handler attached at once: awaited below, an early
  // failure of the page must not leave the others as unhandled rejections.)
  const early = Promise.all([
    headCounts(db, scope, term === ''),
    term === ''
      ? null
      : db
          .selectFrom(matching.select(['stock.product_id', 'stock.customer_id']).distinct().as('g'))
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
    db
      .selectFrom('stock_movements as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(movementColumns)
      .where((eb) => inScope(eb, 'm.customer_id', scope))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(RECENT_MOVEMENTS_SHOWN)
      .execute(),
  ]);
  early.catch(() => undefined);
  const groups = await pageGroups(db, scope, term, q, after);

  const summary = new Map<string, Summary>();
  for (const g of groups) {
    summary.set(`${g.product_id}:${g.customer_id}`, {
      product_id: g.product_id,
      ean: g.ean,
      title: g.title,
      image_url: g.image_url,
      customer_id: g.customer_id,
      customer_name: g.customer_name,
      available_quantity: 0,
      reserved_quantity: g.reserved_quantity,
      blocked_quantity: 0,
      total_quantity: g.quantity,
      locations: [],
      recent_movements: [],
    });
  }
  const pageRows = sql`unnest(${groups.map((g) => g.product_id)}::int[], ${groups.map((g) => g.customer_id)}::int[])`;
  const [places, recent, [head, counted, latest]] = await Promise.all([
    groups.length === 0 ? [] : pagePlaces(db, pageRows),
    groups.length === 0 ? [] : pageMovements(db, pageRows),
    early,
  ]);
  const total = counted ? Number(counted.n) : head.groups;
  if (!counted) noteTotal(scope, total);
  for (const r of places) {
    const s = summary.get(`${r.product_id}:${r.customer_id}`);
    if (!s) continue;
    const { available, blocked } = availability(r.quantity, r.reserved_quantity, r.is_blocked);
    s.available_quantity += available;
    s.blocked_quantity += blocked;
    s.locations.push({
      location_id: r.location_id,
      location_path: r.location_path,
      location_name: r.location_name,
      notes: r.notes,
      quantity: r.quantity,
      available_quantity: available,
      reserved_quantity: r.reserved_quantity,
      blocked_quantity: blocked,
    });
  }
  for (const m of recent) summary.get(`${m.product_id}:${m.customer_id}`)?.recent_movements.push(toRecent(m));

  return {
    total_unique_products: head.products,
    total_items: head.items,
    product_summary: [...summary.values()],
    recent_movements: latest.map(toRecent),
    total,
    total_pages: Math.max(1, Math.ceil(total / q.page_size)),
    page: q.page,
    page_size: q.page_size,
  };
}

const movementColumns = [
  'm.id',
  'm.movement_type',
  'm.quantity',
  'm.unit',
  locationPathSelect('m.location_id').as('location_path'),
  'u.full_name',
  'u.username',
  'm.order_id',
  'm.inbound_notification_id',
  'm.created_at',
] as const;

type PageRows = ReturnType<typeof sql>;

/**
 * The headline counts (products in stock, pieces) and, when `withGroups`, the number of product rows
 * (product × customer pairs) of the filter. One index-only pass over stock_in_stock grouped by product
 * (min/max customer tell a product held for one customer from one held for several); only the
 * products held for several customers are counted again, by id. Was one pass grouped by pair with a
 * window over the groups, about twice the work.
 */
async function headCounts(db: DbOrTrx, scope: CustomerScope, withGroups: boolean): Promise<{ products: number; items: number; groups: number }> {
  const inStock = inStockRows(db, scope);
  const perProduct = inStock
    .select(['stock.product_id', sql<number>`sum(stock.quantity)`.as('quantity'), sql<boolean>`min(stock.customer_id) <> max(stock.customer_id)`.as('shared')])
    .groupBy('stock.product_id')
    .as('g');
  const head = await db
    .selectFrom(perProduct)
    .select([
      sql<string>`count(*)`.as('products'),
      sql<string>`coalesce(sum(g.quantity), 0)::bigint`.as('items'),
      sql<number[] | null>`array_agg(g.product_id) FILTER (WHERE g.shared)`.as('shared'),
    ])
    .executeTakeFirstOrThrow();
  const products = Number(head.products);
  const shared = head.shared ?? [];
  let groups = products;
  if (withGroups && shared.length > 0) {
    const pairs = await db
      .selectFrom(inStock.select(['stock.product_id', 'stock.customer_id']).where(sql<boolean>`stock.product_id = ANY(${shared}::int[])`).distinct().as('s'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    groups += Number(pairs.n) - shared.length;
  }
  return { products, items: Number(head.items), groups };
}

/** The places of the page's rows, summed per place (batches and expiry dates of one place together). */
function pagePlaces(db: DbOrTrx, pageRows: PageRows) {
  return db
    .selectFrom('stock')
    .innerJoin('locations as l', 'l.id', 'stock.location_id')
    .select([
      'stock.product_id',
      'stock.customer_id',
      'stock.location_id',
      'l.name as location_name',
      locationPathSelect('stock.location_id').as('location_path'),
      placeBlocked('stock.location_id').as('is_blocked'),
      sql<string | null>`string_agg(DISTINCT stock.notes, '; ')`.as('notes'),
      sql<number>`sum(stock.quantity)::int`.as('quantity'),
      sql<number>`sum(stock.reserved_quantity)::int`.as('reserved_quantity'),
    ])
    .where('stock.quantity', '>', 0)
    .where(sql<boolean>`(stock.product_id, stock.customer_id) IN (SELECT g.p, g.c FROM ${pageRows} AS g(p, c))`)
    .groupBy(['stock.product_id', 'stock.customer_id', 'stock.location_id', 'l.name'])
    .orderBy('stock.location_id')
    .execute();
}

type PageMovement = Parameters<typeof toRecent>[0] & { product_id: number; customer_id: number };

/** The 5 newest movements of each of the page's rows (index stock_movements_product_customer). */
async function pageMovements(db: DbOrTrx, pageRows: PageRows): Promise<PageMovement[]> {
  const { rows } = await sql<PageMovement>`
    SELECT x.* FROM ${pageRows} AS g(p, c)
    CROSS JOIN LATERAL (
      SELECT m.id, m.product_id, m.customer_id, m.movement_type, m.quantity, m.unit, ${locationPathSelect('m.location_id')} AS location_path,
             u.full_name, u.username, m.order_id, m.inbound_notification_id, m.created_at
      FROM stock_movements m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.product_id = g.p AND m.customer_id = g.c
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${RECENT_MOVEMENTS_SHOWN}
    ) x
    ORDER BY x.created_at DESC, x.id DESC`.execute(db);
  return rows;
}
