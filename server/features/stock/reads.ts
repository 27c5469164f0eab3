import { sql } from 'kysely';
import type { InventorySearchRequest, OutboundLookupResponse, StockEntry } from '../../../shared/schemas/stock';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { availability } from '../../../shared/domain/stock-availability';
import { placeBlocked } from '../locations/blocked';
import { likePattern, locationPathSelect, requireProduct } from './queries';

/** Read side of the scan screens: Auslagern step 1, Suche (Bewegungshistorie: movements.ts). All scoped to the actor's customers. */

export async function outboundLookup(db: DbOrTrx, actor: Actor, ean: string): Promise<OutboundLookupResponse> {
  const product = await requireProduct(db, ean);
  const rows = await db
    .selectFrom('stock')
    .innerJoin('locations', 'locations.id', 'stock.location_id')
    .select([
      'stock.location_id',
      'locations.barcode',
      locationPathSelect('stock.location_id').as('location_path'),
      placeBlocked('stock.location_id').as('is_blocked'),
      sql<number>`sum(stock.quantity)::int`.as('quantity'),
      sql<number>`sum(stock.reserved_quantity)::int`.as('reserved_quantity'),
    ])
    .where('stock.product_id', '=', product.id)
    .where('stock.quantity', '>', 0)
    .where((eb) => inScope(eb, 'stock.customer_id', actor.scope))
    .groupBy(['stock.location_id', 'locations.barcode'])
    .orderBy('locations.barcode')
    .execute();
  const locations = rows.map((r) => {
    const { available, blocked } = availability(r.quantity, r.reserved_quantity, r.is_blocked);
    return {
      location_id: r.location_id,
      location_barcode: r.barcode ?? '',
      location_path: r.location_path,
      quantity: r.quantity,
      reserved_quantity: r.reserved_quantity,
      available_quantity: available,
      blocked_quantity: blocked,
    };
  });
  return {
    product_id: product.id,
    product_title: product.title,
    ean: product.ean,
    image_url: product.image_url,
    total_quantity: locations.reduce((s, l) => s + l.available_quantity, 0),
    locations,
  };
}

/** Stock rows whose EAN, title or place code contains the query (case-insensitive). */
export async function searchInventory(db: DbOrTrx, actor: Actor, req: InventorySearchRequest): Promise<StockEntry[]> {
  const pattern = likePattern(req.query);
  const rows = await db
    .selectFrom('stock')
    .innerJoin('products', 'products.id', 'stock.product_id')
    .innerJoin('customers', 'customers.id', 'stock.customer_id')
    .innerJoin('locations', 'locations.id', 'stock.location_id')
    .select([
      'stock.id as stock_id',
      'stock.product_id',
      'products.title as product_title',
      'products.ean as product_ean',
      'products.image_url',
      'stock.customer_id',
      'customers.company_name as customer_name',
      'stock.location_id',
      'locations.barcode as location_barcode',
      locationPathSelect('stock.location_id').as('location_path'),
      'stock.quantity',
      'stock.reserved_quantity',
      'stock.batch_number',
      'stock.expiry_date',
      'stock.notes',
    ])
    .where('stock.quantity', '>', 0)
    .where((eb) => inScope(eb, 'stock.customer_id', actor.scope))
    // Candidates from two small sets instead of one OR over the joined tables (which PostgreSQL can
    // only answer by joining every stock row first): the first `limit` matching products in title
    // order that have stock here (each gives at least one row; WITH TIES keeps equal titles), and
    // the first `limit` rows on matching places. A rare term is found through the trigram indexes
    // (migration 0015), a common one by walking products in title order until enough are found.
    .where('stock.id', 'in', (eb) =>
      eb
        .selectFrom('stock as s')
        .select('s.id')
        .where('s.product_id', 'in', (e) =>
          e
            .selectFrom('products as p')
            .select('p.id')
            .where((x) => x.or([x('p.ean', 'ilike', pattern), x('p.title', 'ilike', pattern)]))
            .where((x) =>
              x.exists(
                x
                  .selectFrom('stock as h')
                  .select(sql`1`.as('one'))
                  .whereRef('h.product_id', '=', 'p.id')
                  .where('h.quantity', '>', 0)
                  .where((y) => inScope(y, 'h.customer_id', actor.scope)),
              ),
            )
            .orderBy('p.title')
            .fetch(req.limit, 'with ties'),
        )
        .union(
          // A derived table: ORDER BY/LIMIT directly on a UNION branch would apply to the whole union.
          eb
            .selectFrom(
              eb
                .selectFrom('stock as s')
                .innerJoin('locations as l', 'l.id', 's.location_id')
                .innerJoin('products as p', 'p.id', 's.product_id')
                .select('s.id')
                .where('l.barcode', 'ilike', pattern)
                .where('s.quantity', '>', 0)
                .where((x) => inScope(x, 's.customer_id', actor.scope))
                .orderBy('p.title')
                .orderBy('l.barcode')
                .orderBy('s.id')
                .limit(req.limit)
                .as('b'),
            )
            .select('b.id'),
        ),
    )
    .orderBy('products.title')
    .orderBy('locations.barcode')
    .orderBy('stock.id')
    .limit(req.limit)
    .execute();
  return rows.map((r) => ({ ...r, available_quantity: Math.max(0, r.quantity - r.reserved_quantity) }));
}
