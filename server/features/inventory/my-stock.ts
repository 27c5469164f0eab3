import { sql } from 'kysely';
import type { MyStockItem, MyStockPage, MyStockQuery, MyStockTotals } from '../../../shared/schemas/inventory';
import { MY_STOCK_PAGE_SIZE } from '../../../shared/constants';
import { availability } from '../../../shared/domain/stock-availability';
import type { Actor } from '../../auth/actor';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { blockedPlaces } from '../locations/blocked';
import { likePattern, locationPathSelect } from '../stock/queries';
import { inStockRows } from './overview-page';
import { coveredScope, veSummary } from './service';

/**
 * Mein Bestand (spec part 2 "Own stock"; docs/operations.md "Stock views"): the stock of the
 * actor's customer (staff: a chosen customer or their scope) per product and place. Whole, as the
 * API has always answered, or in pages of products in the order (title, product id) with the
 * scope's sums: a customer with 10,000 stock rows would otherwise get megabytes in one answer.
 */

/** The whole list (no paging parameters): products by title, equal titles in the order of their first place. */
export async function myStock(db: DbOrTrx, actor: Actor, customerId?: number): Promise<MyStockItem[]> {
  return toItems(await placeRows(db, coveredScope(actor, customerId), null));
}

/** One page: the products after `after_product_id` in the order (title, product id), their places and the scope's sums. */
export async function myStockPage(db: DbOrTrx, actor: Actor, q: MyStockQuery): Promise<MyStockPage> {
  const scope = coveredScope(actor, q.customer_id);
  const limit = q.limit ?? MY_STOCK_PAGE_SIZE;
  const term = q.search?.trim() ?? '';
  const after = q.after_product_id;
  const products = scopeProducts(db, scope).$if(term !== '', (qb) =>
    qb.where((eb) =>
      eb.or([eb('p.title', 'ilike', likePattern(term)), eb('p.ean', 'ilike', likePattern(term)), eb('p.description', 'ilike', likePattern(term))]),
    ),
  );
  // Each has a handler attached at once: an early failure of the page must not leave the others unhandled.
  const sums = Promise.all([totals(db, scope), term === '' ? null : products.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()]);
  sums.catch(() => undefined);
  const keys = await products
    .select('p.id')
    // Keyset: the title bound lets the page start in the index products (title, id) instead of before every earlier title.
    .$if(after !== undefined, (qb) =>
      qb
        .where(sql<boolean>`p.title >= (SELECT title FROM products WHERE id = ${after})`)
        .where(sql<boolean>`(p.title, p.id) > ((SELECT title FROM products WHERE id = ${after}), ${after}::int)`),
    )
    .orderBy('p.title')
    .orderBy('p.id')
    .limit(limit + 1)
    .execute();
  const ids = keys.slice(0, limit).map((k) => k.id);
  const [rows, [all, matching]] = await Promise.all([ids.length === 0 ? [] : placeRows(db, scope, ids), sums]);
  const byId = new Map(toItems(rows).map((i) => [i.product_id, i]));
  return {
    items: ids.flatMap((id) => byId.get(id) ?? []),
    total: matching ? Number(matching.n) : all.products,
    has_more: keys.length > limit,
    totals: all,
  };
}

/**
 * The scope's products in stock as `p`. A scope of a few customers ('only': a customer, a chosen
 * customer) starts from its stock rows and fetches each product by id (LATERAL … LIMIT 1): with a
 * search the planner otherwise read the whole catalogue for the description, which has no index.
 * A scope of most customers walks the products (index products (title, id)) and keeps those in stock.
 */
function scopeProducts(db: DbOrTrx, scope: CustomerScope) {
  if (scope.kind !== 'only') return db.selectFrom('products as p').where('p.id', 'in', inStockRows(db, scope).select('stock.product_id'));
  const mine = inStockRows(db, scope).select('stock.product_id').distinct().as('s');
  return db
    .selectFrom(mine)
    .crossJoinLateral((eb) =>
      eb.selectFrom('products').select(['id', 'title', 'ean', 'description']).whereRef('products.id', '=', 's.product_id').limit(1).as('p'),
    );
}

/**
 * The sums over the scope's stock, with the rule of shared/domain/stock-availability.ts per product
 * and place (free = quantity − reserved, at least 0; on a blocked place blocked instead of available),
 * as the items sum it. One pass over the scope's stock rows.
 */
async function totals(db: DbOrTrx, scope: CustomerScope): Promise<MyStockTotals> {
  const places = inStockRows(db, scope)
    .select(['stock.product_id', 'stock.location_id', sql<number>`sum(stock.quantity)`.as('q'), sql<number>`sum(stock.reserved_quantity)`.as('r')])
    .groupBy(['stock.product_id', 'stock.location_id'])
    .as('g');
  const blocked = sql<boolean>`bp.id IS NOT NULL`;
  const r = await db
    .selectFrom(places)
    .leftJoin(blockedPlaces(db).as('bp'), 'bp.id', 'g.location_id')
    .select([
      sql<string>`count(DISTINCT g.product_id)`.as('products'),
      sql<string>`coalesce(sum(g.q), 0)`.as('total'),
      sql<string>`coalesce(sum(g.r), 0)`.as('reserved'),
      sql<string>`coalesce(sum(greatest(0, g.q - g.r)) FILTER (WHERE NOT ${blocked}), 0)`.as('available'),
      sql<string>`coalesce(sum(greatest(0, g.q - g.r)) FILTER (WHERE ${blocked}), 0)`.as('blocked'),
    ])
    .executeTakeFirstOrThrow();
  return {
    products: Number(r.products),
    available_quantity: Number(r.available),
    reserved_quantity: Number(r.reserved),
    blocked_quantity: Number(r.blocked),
    total_quantity: Number(r.total),
  };
}

/**
 * The stock summed per (product, place), of all the scope's products or of the given ones. The sums
 * come first, from the customer's index; each then fetches its product and place by id (LATERAL …
 * LIMIT 1, so the planner cannot turn these into scans of the whole catalogue and all places and
 * hash them, which it did for a customer with 1,000 rows).
 */
function placeRows(db: DbOrTrx, scope: CustomerScope, productIds: number[] | null) {
  const places = db
    .selectFrom('stock')
    .select([
      'stock.product_id',
      'stock.location_id',
      sql<string | null>`string_agg(DISTINCT stock.notes, '; ')`.as('notes'),
      sql<number>`sum(stock.quantity)::int`.as('quantity'),
      sql<number>`sum(stock.reserved_quantity)::int`.as('reserved_quantity'),
    ])
    .where('stock.quantity', '>', 0)
    .where((eb) => inScope(eb, 'stock.customer_id', scope))
    .$if(productIds !== null, (qb) => qb.where(sql<boolean>`stock.product_id = ANY(${productIds}::int[])`))
    .groupBy(['stock.product_id', 'stock.location_id'])
    .as('s');
  return db
    .selectFrom(places)
    .crossJoinLateral((eb) =>
      eb
        .selectFrom('products')
        .select(['ean', 'title', 'description', 'image_url', 'base_unit', 'units_per_box', 'boxes_per_pallet'])
        .whereRef('products.id', '=', 's.product_id')
        .limit(1)
        .as('p'),
    )
    .crossJoinLateral((eb) => eb.selectFrom('locations').select('name').whereRef('locations.id', '=', 's.location_id').limit(1).as('l'))
    .leftJoin(blockedPlaces(db).as('bp'), 'bp.id', 's.location_id')
    .select([
      's.product_id',
      'p.ean',
      'p.title',
      'p.description',
      'p.image_url',
      'p.base_unit',
      'p.units_per_box',
      'p.boxes_per_pallet',
      's.location_id',
      'l.name as location_name',
      locationPathSelect('s.location_id').as('location_path'),
      sql<boolean>`bp.id IS NOT NULL`.as('is_blocked'),
      's.notes',
      's.quantity',
      's.reserved_quantity',
    ])
    .orderBy('p.title')
    .orderBy('s.location_id')
    .execute();
}

type PlaceRow = Awaited<ReturnType<typeof placeRows>>[number];

/** Rows per (product, place) → one item per product with its places, in the rows' order. */
function toItems(rows: PlaceRow[]): MyStockItem[] {
  const out = new Map<number, MyStockItem & { units_per_box: number | null; boxes_per_pallet: number | null }>();
  for (const r of rows) {
    let item = out.get(r.product_id);
    if (!item) {
      item = {
        product_id: r.product_id,
        ean: r.ean,
        title: r.title,
        description: r.description,
        image_url: r.image_url,
        base_unit: r.base_unit,
        units_per_box: r.units_per_box,
        boxes_per_pallet: r.boxes_per_pallet,
        available_quantity: 0,
        reserved_quantity: 0,
        blocked_quantity: 0,
        total_quantity: 0,
        location_count: 0,
        locations: [],
        ve_summary: { has_ve: false, ve_units: [] },
      };
      out.set(r.product_id, item);
    }
    item.total_quantity += r.quantity;
    item.reserved_quantity += r.reserved_quantity;
    const { available, blocked } = availability(r.quantity, r.reserved_quantity, r.is_blocked);
    item.available_quantity += available;
    item.blocked_quantity += blocked;
    item.location_count += 1;
    item.locations.push({
      location_id: r.location_id,
      location_path: r.location_path,
      location_name: r.location_name,
      notes: r.notes,
      quantity: r.quantity,
      blocked_quantity: blocked,
    });
  }
  return [...out.values()].map(({ units_per_box, boxes_per_pallet, ...item }) => ({
    ...item,
    ve_summary: veSummary({ units_per_box, boxes_per_pallet }, item.available_quantity),
  }));
}
