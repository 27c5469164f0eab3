import { sql } from 'kysely';
import type { Db } from '../../server/db/index';

/** Stock rows whose quantity differs from the sum of their ledger rows (should be none). */
export async function ledgerMismatches(db: Db) {
  const { rows } = await sql<{ id: number; quantity: number; ledger: number }>`
    SELECT s.id, s.quantity, coalesce(sum(m.quantity), 0)::int AS ledger
    FROM stock s
    LEFT JOIN stock_movements m
      ON m.product_id = s.product_id AND m.customer_id = s.customer_id AND m.location_id = s.location_id
     AND m.batch_number = s.batch_number AND m.expiry_date IS NOT DISTINCT FROM s.expiry_date
    GROUP BY s.id
    HAVING s.quantity <> coalesce(sum(m.quantity), 0)`.execute(db);
  return rows;
}
