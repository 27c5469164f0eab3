import { type Kysely, sql } from 'kysely';

/**
 * Stock corrections (docs/operations.md "Stock corrections"): an `adjustment`
 * movement carries why it was booked. Null on movements written before this
 * column and on every other movement type. The codes are ADJUSTMENT_REASONS
 * in shared/constants.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE stock_movements ADD COLUMN adjustment_reason text
      CHECK (adjustment_reason IN ('damaged','lost','found','expired','count_difference','other'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stock_movements DROP COLUMN adjustment_reason`.execute(db);
}
