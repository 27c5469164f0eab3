import { expressionBuilder, sql } from 'kysely';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import { STOCKTAKE_CSV_HEADERS } from '../../../shared/i18n/stocktakes';
import type { StocktakeDetail, StocktakeDetailQuery, StocktakeSummary } from '../../../shared/schemas/stocktake';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Stocktake reads (docs/operations.md "Stocktake"). Lines are shown only for
 * the customers in the reader's scope. On a blind stocktake a
 * warehouse_worker sees no expected quantity and no difference until it is
 * booked. An uncounted line of a done place counts 0.
 */

/** A place's name on the review, its sheet and its protocol. */
const PLACE = sql<string>`coalesce(loc.barcode, loc.code)`;

const COUNTED = sql<number | null>`CASE WHEN sp.done THEN coalesce(l.counted, 0) ELSE l.counted END`;

function hidesExpected(actor: Actor, st: { blind: boolean; status: string }): boolean {
  return actor.role === 'warehouse_worker' && st.blind && st.status !== 'booked';
}

export async function listStocktakes(db: DbOrTrx, actor: Actor): Promise<StocktakeSummary[]> {
  const rows = await db
    .selectFrom('stocktakes as st')
    .select([
      'st.id',
      'st.number',
      'st.name',
      'st.status',
      'st.blind',
      'st.created_at',
      sql<number>`(SELECT count(*)::int FROM stocktake_places sp WHERE sp.stocktake_id = st.id)`.as('places'),
      sql<number>`(SELECT count(*)::int FROM stocktake_places sp WHERE sp.stocktake_id = st.id AND sp.done)`.as('done_places'),
      sql<number>`(SELECT count(*)::int FROM stocktake_lines l JOIN stocktake_places sp ON sp.id = l.place_id
                   WHERE sp.stocktake_id = st.id AND ${COUNTED} IS NOT NULL AND ${COUNTED} <> l.expected)`.as('differences'),
    ])
    .orderBy('st.id', 'desc')
    .execute();
  // The number of differences would tell a blind counter whether the count matched.
  return rows.map((r) => (hidesExpected(actor, r) ? { ...r, differences: null } : r));
}

export async function headOf(db: DbOrTrx, id: number) {
  const st = await db.selectFrom('stocktakes').select(['id', 'number', 'name', 'status', 'blind', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!st) throw new AppError('STOCKTAKE_NOT_FOUND', { id });
  return st;
}

/** Every line in scope (of the given places, else of all) with its place, product and counter, in place order. */
export function linesOf(db: DbOrTrx, actor: Actor, id: number, placeIds?: number[]) {
  let q = db
    .selectFrom('stocktake_places as sp')
    .innerJoin('locations as loc', 'loc.id', 'sp.location_id')
    .leftJoin('stocktake_lines as l', 'l.place_id', 'sp.id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('customers as c', 'c.id', 'l.customer_id')
    .leftJoin('users as u', 'u.id', 'l.counted_by')
    .select([
      PLACE.as('place'),
      'sp.done',
      'l.id as line_id',
      'p.ean',
      'p.title',
      'l.customer_id',
      'c.company_name',
      'l.batch_number',
      'l.expected',
      COUNTED.as('counted'),
      sql<string | null>`coalesce(u.full_name, u.username)`.as('counted_by'),
      'l.counted_at',
    ])
    .where('sp.stocktake_id', '=', id)
    .where((eb) => eb.or([eb('l.id', 'is', null), inScope(eb, 'l.customer_id', actor.scope)]));
  if (placeIds) q = q.where('sp.id', 'in', placeIds);
  return q.orderBy('place').orderBy('p.ean').orderBy('l.id').execute();
}

/** The lines in the reader's scope whose count differs from the expected one; `places` narrows to one place or one stocktake. */
function differingLines(actor: Actor, places: { placeIdColumn: string } | { stocktakeId: number }) {
  const q = expressionBuilder<Database, never>()
    .selectFrom('stocktake_lines as dl')
    .innerJoin('stocktake_places as dp', 'dp.id', 'dl.place_id')
    .where((x) => inScope(x, 'dl.customer_id', actor.scope))
    .where(sql<boolean>`CASE WHEN dp.done THEN coalesce(dl.counted, 0) ELSE dl.counted END <> dl.expected`);
  return 'placeIdColumn' in places ? q.where('dl.place_id', '=', sql.ref<number>(places.placeIdColumn)) : q.where('dp.stocktake_id', '=', places.stocktakeId);
}

/**
 * The review: the head, the counts over the whole stocktake, and the places of one page (every place
 * without a limit) with their lines, in barcode order (docs/operations.md "Stocktake").
 */
export async function getStocktake(db: DbOrTrx, actor: Actor, id: number, query: StocktakeDetailQuery = {}): Promise<StocktakeDetail> {
  const st = await headOf(db, id);
  const hide = hidesExpected(actor, st);
  const onlyDiff = query.only_differences === 'true';
  const counts = await db
    .selectFrom('stocktake_places as sp')
    .select((eb) => [
      sql<number>`count(*)::int`.as('total_places'),
      sql<number>`(count(*) FILTER (WHERE sp.done))::int`.as('done_places'),
      sql<number>`(count(*) FILTER (WHERE ${eb.exists(differingLines(actor, { placeIdColumn: 'sp.id' }).select(sql`1`.as('one')))}))::int`.as('diff_places'),
      sql<number>`(${differingLines(actor, { stocktakeId: id }).select(sql`count(*)::int`.as('n'))})`.as('differences'),
    ])
    .where('sp.stocktake_id', '=', id)
    .executeTakeFirstOrThrow();
  // A blind counter learns nothing from the filter either: no place "differs" for them.
  const matching = onlyDiff ? (hide ? 0 : counts.diff_places) : counts.total_places;
  let pages = db
    .selectFrom('stocktake_places as sp')
    .innerJoin('locations as loc', 'loc.id', 'sp.location_id')
    .select(['sp.id', PLACE.as('place')])
    .where('sp.stocktake_id', '=', id)
    .orderBy('place');
  if (query.after !== undefined) pages = pages.where(PLACE, '>', query.after);
  if (onlyDiff)
    pages = hide
      ? pages.where(sql<boolean>`false`)
      : pages.where((eb) => eb.exists(differingLines(actor, { placeIdColumn: 'sp.id' }).select(sql`1`.as('one'))));
  if (query.limit !== undefined) pages = pages.limit(query.limit + 1);
  const pagePlaces = await pages.execute();
  const hasMore = query.limit !== undefined && pagePlaces.length > query.limit;
  const shown = hasMore ? pagePlaces.slice(0, query.limit) : pagePlaces;
  const places = new Map<string, StocktakeDetail['places'][number]>();
  const whole = query.limit === undefined && query.after === undefined && !onlyDiff;
  if (shown.length > 0) {
    const wanted = new Set(shown.map((p) => p.place));
    for (const r of await linesOf(db, actor, id, whole ? undefined : shown.map((p) => p.id))) {
      if (!wanted.has(r.place)) continue;
      let place = places.get(r.place);
      if (!place) {
        place = { location_barcode: r.place, done: r.done, lines: [] };
        places.set(r.place, place);
      }
      if (r.line_id === null || r.customer_id === null || r.expected === null) continue;
      const difference = hide || r.counted === null ? null : r.counted - r.expected;
      if (onlyDiff && (difference ?? 0) === 0) continue;
      place.lines.push({
        ean: r.ean ?? '',
        product_title: r.title ?? '',
        customer_id: r.customer_id,
        batch_number: r.batch_number ?? '',
        expected: hide ? null : r.expected,
        counted: r.counted,
        difference,
      });
    }
  }
  return {
    ...st,
    places: [...places.values()],
    total_places: counts.total_places,
    done_places: counts.done_places,
    differences: hide ? null : counts.differences,
    matching_places: matching,
    has_more: hasMore,
  };
}

/** The protocol's times as the warehouse reads them (Europe/Berlin), whatever the server's zone. */
const protocolTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: WAREHOUSE_TIME_ZONE,
});

const csvCell = (v: string | number | null): string => {
  const s = v === null ? '' : String(v);
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Inventurprotokoll: semicolon-separated, UTF-8 with BOM (Excel opens it as German CSV), German headers. */
export async function stocktakeCsv(db: DbOrTrx, actor: Actor, id: number): Promise<{ number: string; csv: string }> {
  const st = await headOf(db, id);
  const hide = hidesExpected(actor, st);
  const lines = [STOCKTAKE_CSV_HEADERS.join(';')];
  for (const r of await linesOf(db, actor, id)) {
    if (r.line_id === null || r.expected === null) continue;
    const difference = r.counted === null ? null : r.counted - r.expected;
    const cells = [st.number, r.place, r.ean, r.title, r.company_name, r.batch_number, hide ? null : r.expected, r.counted, hide ? null : difference];
    cells.push(r.counted_by, r.counted_at ? protocolTime.format(new Date(r.counted_at)) : null);
    lines.push(cells.map(csvCell).join(';'));
  }
  return { number: st.number, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
