import { type RawBuilder, sql } from 'kysely';
import type { BookStocktakeResponse } from '../../../shared/schemas/stocktake';
import { STOCKTAKE_WORDS } from '../../../shared/i18n/stocktakes';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { writeStatusLog } from '../status-logs/writer';
import { assertCounting, lockStocktake } from './service';

/**
 * Booking a stocktake (docs/operations.md "Stocktake"): every line's stock
 * becomes its counted quantity (an uncounted line of a done place counts 0),
 * written as `adjustment` movements with reason `count_difference`, the
 * stocktake's number in the note and stocktake_id, so ledger = stock holds.
 * Set-based: a plan CTE spreads each line's difference over its stock rows
 * (removals earliest expiry first, an addition onto the first row, or a new
 * row when the place held none), and three statements apply it — so 2,000
 * differences are three statements, not 2,000 round trips.
 *
 * Below the reservation: the stock CHECK keeps reserved ≤ quantity, so when a
 * count leaves a row with fewer units than reserved, the newest reservations
 * on that row shrink (older orders keep theirs) and the affected order lines
 * hold fewer reserved units than they need: the order shows the shortage
 * instead of a hidden negative available quantity.
 */

/** The plan: per stock row of each line its new quantity. `lines` and `rows` are reused by the statements. */
function plan(stocktakeId: number): RawBuilder<unknown> {
  return sql`
    ln AS (
      SELECT l.id AS line_id, sp.location_id, l.product_id, l.customer_id, l.batch_number, coalesce(l.counted, 0) AS counted
      FROM stocktake_lines l JOIN stocktake_places sp ON sp.id = l.place_id
      WHERE sp.stocktake_id = ${stocktakeId}::int
    ), rs AS (
      SELECT ln.line_id, ln.counted, s.id AS stock_id, s.quantity, s.reserved_quantity,
             row_number() OVER w AS rn,
             coalesce(sum(s.quantity) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
             sum(s.quantity) OVER (PARTITION BY ln.line_id) AS cur
      FROM ln JOIN stock s ON s.location_id = ln.location_id AND s.product_id = ln.product_id
                          AND s.customer_id = ln.customer_id AND s.batch_number = ln.batch_number
      WINDOW w AS (PARTITION BY ln.line_id ORDER BY s.expiry_date ASC NULLS LAST, s.id)
    ), pl AS (
      SELECT rs.*, (CASE
        WHEN rs.counted < rs.cur THEN rs.quantity - least(rs.quantity, greatest(0, rs.cur - rs.counted - rs.before))
        WHEN rs.counted > rs.cur AND rs.rn = 1 THEN rs.quantity + (rs.counted - rs.cur)
        ELSE rs.quantity END)::int AS new_quantity
      FROM rs
    )`;
}

export async function bookStocktake(trx: Trx, actor: Actor, id: number): Promise<BookStocktakeResponse> {
  const st = await lockStocktake(trx, id);
  assertCounting(st);
  const open = await trx
    .selectFrom('stocktake_places as sp')
    .innerJoin('locations as l', 'l.id', 'sp.location_id')
    .select([sql<string>`coalesce(l.barcode, l.code)`.as('place'), sql<number>`count(*) OVER ()::int`.as('total')])
    .where('sp.stocktake_id', '=', id)
    .where('sp.done', '=', false)
    .orderBy('place')
    .limit(10)
    .execute();
  if (open.length > 0) throw new AppError('STOCKTAKE_PLACES_OPEN', { number: st.number, count: open[0].total, barcodes: open.map((o) => o.place).join(', ') });

  // 1. Reservations above the new quantity shrink, newest first (the CHECK reserved ≤ quantity).
  await sql`
    WITH ${plan(id)}, cut AS (
      SELECT r.id, r.quantity,
             greatest(0, least(r.quantity, pl.new_quantity
               - coalesce(sum(r.quantity) OVER (PARTITION BY r.stock_id ORDER BY r.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))::int AS keep
      FROM order_reservations r JOIN pl ON pl.stock_id = r.stock_id
      WHERE pl.new_quantity < pl.reserved_quantity
    ), gone AS (
      DELETE FROM order_reservations o USING cut WHERE o.id = cut.id AND cut.keep = 0 RETURNING o.id
    )
    UPDATE order_reservations o SET quantity = cut.keep FROM cut WHERE o.id = cut.id AND cut.keep > 0 AND cut.keep < cut.quantity`.execute(trx);

  // 2. Stock rows take their new quantity; lines without a stock row get one; one movement per changed row.
  const note = STOCKTAKE_WORDS.movementNote(st.number);
  const { rows } = await sql<{ movements: number }>`
    WITH ${plan(id)}, up AS (
      UPDATE stock s SET quantity = pl.new_quantity, reserved_quantity = least(s.reserved_quantity, pl.new_quantity), updated_at = now()
      FROM pl WHERE s.id = pl.stock_id AND pl.new_quantity <> pl.quantity
      RETURNING s.id, s.product_id, s.customer_id, s.location_id, s.batch_number, s.expiry_date, pl.new_quantity - pl.quantity AS delta
    ), ins AS (
      INSERT INTO stock (product_id, customer_id, location_id, batch_number, expiry_date, quantity)
      SELECT ln.product_id, ln.customer_id, ln.location_id, ln.batch_number, NULL, ln.counted FROM ln
      WHERE ln.counted > 0 AND NOT EXISTS (SELECT 1 FROM rs WHERE rs.line_id = ln.line_id)
      RETURNING id, product_id, customer_id, location_id, batch_number, expiry_date, quantity AS delta
    ), mv AS (
      INSERT INTO stock_movements (movement_type, adjustment_reason, stocktake_id, product_id, customer_id, location_id, stock_id,
                                   batch_number, expiry_date, quantity, unit, user_id, notes)
      SELECT 'adjustment', 'count_difference', ${id}::int, x.product_id, x.customer_id, x.location_id, x.id,
             x.batch_number, x.expiry_date, x.delta, 'piece', ${actor.id}::int, ${note}::text
      FROM (SELECT * FROM up UNION ALL SELECT * FROM ins) x ORDER BY x.location_id, x.product_id, x.id
      RETURNING id
    )
    SELECT count(*)::int AS movements FROM mv`.execute(trx);

  // 3. The places thaw; the stocktake is booked.
  await trx.updateTable('stocktake_places').set({ open: false }).where('stocktake_id', '=', id).where('open', '=', true).execute();
  await trx.updateTable('stocktakes').set({ status: 'booked', booked_at: new Date(), booked_by: actor.id }).where('id', '=', id).execute();
  const diff = await trx
    .selectFrom('stocktake_lines as l')
    .innerJoin('stocktake_places as sp', 'sp.id', 'l.place_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('sp.stocktake_id', '=', id)
    .where(sql<boolean>`coalesce(l.counted, 0) <> l.expected`)
    .executeTakeFirstOrThrow();
  const movements = rows[0]?.movements ?? 0;
  await writeStatusLog(trx, actor, {
    event_type: 'stocktake_booked',
    old_status: 'counting',
    new_status: 'booked',
    description: STOCKTAKE_WORDS.logBooked(st.number, diff.n, movements),
    event_data: { stocktake_id: id, number: st.number, differences: diff.n, movements },
  });
  return { id, number: st.number, status: 'booked', movements, differences: diff.n };
}
