import { sql } from 'kysely';
import type { InventoryOverviewQuery } from '../../../shared/schemas/inventory';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { likePattern } from '../stock/queries';

/**
 * The rows (product × customer) of one page of the inventory overview, in the page order
 * (title, customer name, product id, customer id), with their quantities.
 *
 * A deep page by number: skipping (page − 1) × page_size rows of the page order
 * joins every skipped pair to its customer, sorts each title's pairs by customer name and
 * groups the stock rows into pairs, which grows with the offset. But only the rows of the
 * page's first title need that order: a row of an earlier title comes before the page
 * whatever its customer's name. So deepStart() walks the pairs in the cheaper order
 * (title, product id) — index products (title, id) and, per product, its distinct customers
 * in stock from stock_in_stock, both index-only, no join, no sort — to the pair at the page's
 * offset (one index probe per product). Both orders sort by title
 * first, so that pair's title T is the title of the page's first row, and both put the same
 * rows before title T; where the pair stands within title T tells how many rows of T come
 * before the page. The page is then read in the page order from title T on, skipping only
 * those. Exact, from the current stock, no cache.
 *
 * Used without a search (the search's customer-name match is per pair; its hits are few)
 * and for scopes that see most customers ('all', 'except'): a scope of a few customers
 * ('only') holds a small part of the catalogue, which a walk over all products would pass;
 * its plain query starts from those customers' stock instead.
 */

/** Offsets from which the walk pays off (below it the plain query is as fast, in one statement). */
export const DEEP_OFFSET = 500;

/**
 * A page in the back part of the rows is walked to from the end, which needs the exact number of
 * rows first (one index-only pass over stock_in_stock, about a quarter of a full walk). Whether a
 * page lies that far back is judged by the total an earlier answer gave for the scope: only a
 * hint which way to walk (either way gives the same rows), never part of an answer.
 */
const FROM_END = 0.6;
const lastTotals = new Map<string, number>();

/** Remembers a scope's total (without a search) as the hint for the walk's direction. */
export function noteTotal(scope: CustomerScope, total: number): void {
  if (lastTotals.size >= 100) lastTotals.clear();
  lastTotals.set(JSON.stringify(scope), total);
}

/** The stock rows with a quantity of the customers a query covers. */
export function inStockRows(db: DbOrTrx, scope: CustomerScope) {
  return db
    .selectFrom('stock')
    .where('stock.quantity', '>', 0)
    .where((eb) => inScope(eb, 'stock.customer_id', scope));
}

/** The in-stock rows of the filter with their product and customer (search: title, EAN or customer name). */
export function matchingRows(db: DbOrTrx, scope: CustomerScope, term: string) {
  return inStockRows(db, scope)
    .innerJoin('products as p', 'p.id', 'stock.product_id')
    .innerJoin('customers as c', 'c.id', 'stock.customer_id')
    .$if(term !== '', (qb) =>
      qb.where((eb) =>
        eb.or([eb('p.title', 'ilike', likePattern(term)), eb('p.ean', 'ilike', likePattern(term)), eb('c.company_name', 'ilike', likePattern(term))]),
      ),
    );
}

type After = { product: number; customer: number } | null;
type Start = { title: string; within: number };

/** The page's rows: by keyset (`after`), by a deep page number (walk first), or by page number. */
export async function pageGroups(db: DbOrTrx, scope: CustomerScope, term: string, q: InventoryOverviewQuery, after: After) {
  const offset = (q.page - 1) * q.page_size;
  if (after !== null || offset < DEEP_OFFSET || term !== '' || scope.kind === 'only') return groupsFrom(db, scope, term, q, after, null);
  const hint = lastTotals.get(JSON.stringify(scope));
  const run = async (trx: DbOrTrx) => {
    const start = await deepStart(trx, scope, offset, hint !== undefined && offset > FROM_END * hint);
    return start ? groupsFrom(trx, scope, term, q, null, start) : [];
  };
  // PostgreSQL: one snapshot for the walk and the page (a booking between them would shift the
  // rows). (No JIT either, as for every statement of the app: server/db/index.ts.)
  // PGlite (one connection, no JIT, one query at a time): no transaction, as its transaction
  // would take in this request's concurrent queries and could close under one of them (read in
  // kysely's PGlite driver; not seen in a test of 60 concurrent deep pages).
  if (db.isTransaction) return run(db);
  if (!db.getExecutor().adapter.supportsMultipleConnections) return run(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => run(trx));
}

/**
 * The page's rows, found first from (title, customer, product, customer id) alone: the skipped
 * rows are read from the indexes products (title, id) and stock_in_stock only; the stock rows
 * themselves (reserved quantities) and the other columns are read for the page's rows alone.
 * No count(*) OVER (): it would aggregate every row of the filter; this way the page stops early.
 */
function groupsFrom(db: DbOrTrx, scope: CustomerScope, term: string, q: InventoryOverviewQuery, after: After, start: Start | null) {
  const keys = matchingRows(db, scope, term)
    .select(['p.title', 'c.company_name as customer_name', 'stock.product_id', 'stock.customer_id'])
    // Keyset: the rows after the given one in the page order; the title bound lets the page start
    // in the index products (title, id) instead of skipping every row before it.
    .$if(after !== null, (qb) =>
      qb.where(sql<boolean>`p.title >= (SELECT title FROM products WHERE id = ${after?.product})`).where(
        sql<boolean>`(p.title, c.company_name, stock.product_id, stock.customer_id) >
              ((SELECT title FROM products WHERE id = ${after?.product}), (SELECT company_name FROM customers WHERE id = ${after?.customer}), ${after?.product}::int, ${after?.customer}::int)`,
      ),
    )
    .$if(start !== null, (qb) => qb.where('p.title', '>=', start?.title ?? ''))
    .groupBy(['p.title', 'c.company_name', 'stock.product_id', 'stock.customer_id'])
    .orderBy('p.title')
    .orderBy('c.company_name')
    .orderBy('stock.product_id')
    .orderBy('stock.customer_id')
    .limit(q.page_size)
    .$if(after === null, (qb) => qb.offset(start ? start.within : (q.page - 1) * q.page_size))
    .as('k');
  return db
    .selectFrom(keys)
    .innerJoin('stock', (j) => j.onRef('stock.product_id', '=', 'k.product_id').onRef('stock.customer_id', '=', 'k.customer_id'))
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .where('stock.quantity', '>', 0)
    .select([
      'k.product_id',
      'k.customer_id',
      'p.ean',
      'k.title',
      'p.image_url',
      'k.customer_name',
      sql<number>`sum(stock.quantity)::int`.as('quantity'),
      sql<number>`sum(stock.reserved_quantity)::int`.as('reserved_quantity'),
    ])
    .groupBy(['k.product_id', 'k.customer_id', 'p.ean', 'k.title', 'p.image_url', 'k.customer_name'])
    .orderBy('k.title')
    .orderBy('k.customer_name')
    .orderBy('k.product_id')
    .orderBy('k.customer_id')
    .execute();
}

/** Each product with each of its customers in stock within the scope, once (lateral, index-only). */
function pairs(db: DbOrTrx, scope: CustomerScope) {
  return db.selectFrom('products as p').innerJoinLateral(
    (eb) =>
      eb
        .selectFrom('stock as s')
        .select('s.customer_id')
        .distinct()
        .whereRef('s.product_id', '=', 'p.id')
        .where('s.quantity', '>', 0)
        .where((w) => inScope(w, 's.customer_id', scope))
        .as('s'),
    (j) => j.onTrue(),
  );
}

/** The number of rows of the scope (pairs in stock): grouped along stock_in_stock, index-only. */
async function rowCount(db: DbOrTrx, scope: CustomerScope): Promise<number> {
  const pairsInStock = inStockRows(db, scope)
    .select(['stock.product_id', 'stock.customer_id'])
    .groupBy(['stock.product_id', 'stock.customer_id'])
    // The order makes the planner group along the index (a hashed DISTINCT took several times as long).
    .orderBy('stock.product_id')
    .orderBy('stock.customer_id')
    .as('g');
  const r = await db.selectFrom(pairsInStock).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The title of the page's first row and how many rows of that title precede the page; null past
 * the end. The walk is ordered by (title, product id) only (a sort by customer id within each
 * product cost ~15 % more): the pair at the offset is then one of product P's rows, which stand
 * together, and the rows of P read on from there (c of them) tell where P's rows begin. From the
 * end, the walk in reverse order reaches the same product at row total − 1 − offset.
 */
async function deepStart(db: DbOrTrx, scope: CustomerScope, offset: number, fromEnd: boolean): Promise<Start | null> {
  let skip = offset;
  if (fromEnd) {
    const total = await rowCount(db, scope);
    if (offset >= total) return null;
    skip = total - 1 - offset;
  }
  const dir = fromEnd ? 'desc' : 'asc';
  // P's rows from the offset on: at most its customers; read more if all that were read are P's.
  let rows: Array<{ title: string; id: number }>;
  let c: number;
  for (let read = 32; ; read *= 8) {
    rows = await pairs(db, scope).select(['p.title', 'p.id']).orderBy('p.title', dir).orderBy('p.id', dir).offset(skip).limit(read).execute();
    c = rows.findIndex((r) => r.id !== rows[0].id);
    if (c === -1 && rows.length === read) continue;
    if (c === -1) c = rows.length;
    break;
  }
  const hit = rows[0];
  if (!hit) return null;
  // Rows of title T before P (forward: up to and with P, less P's c rows from the offset on).
  const before = await pairs(db, scope)
    .select(sql<string>`count(*)`.as('n'))
    .where('p.title', '=', hit.title)
    .where('p.id', fromEnd ? '<' : '<=', hit.id)
    .executeTakeFirstOrThrow();
  return { title: hit.title, within: fromEnd ? Number(before.n) + c - 1 : Number(before.n) - c };
}
