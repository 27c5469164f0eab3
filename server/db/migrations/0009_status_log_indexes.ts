import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the status log filters and the alerts. Every list
 * query is `WHERE log_type = ? [AND filter] ORDER BY created_at DESC, id DESC
 * LIMIT n`; with 1 M rows it must stay an index scan that stops after n rows:
 *  - no filter, or a date range: status_logs_type_created (0006) walks
 *    (log_type, created_at DESC, id DESC) from the start of the range;
 *  - event_type (also the alerts' pick/item discrepancy counts over the last
 *    hours): (event_type, created_at DESC, id DESC) — event_type decides the
 *    log_type, so log_type need not lead;
 *  - user_id: (user_id, created_at DESC, id DESC);
 *  - cart_id, wave_id, order_id: a cart, wave or order has a handful of
 *    events, so an equality index finds them and the sort is trivial; 0006
 *    has wave and order, cart comes here (partial: most events have no cart);
 *  - alerts' refused offline bookings: a partial index on sync_mutations
 *    (created_at) WHERE status = 'rejected' (rejections are rare, the table
 *    grows with every booking).
 * Checked on PostgreSQL 15 with 1 M generated rows (20 000 orders, EXPLAIN
 * ANALYZE and timed calls of listStatusLogs): every filter, unscoped and for a
 * user limited to a customer with many or with no events, stays an index scan
 * (figures: docs/performance.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX status_logs_event_created ON status_logs (event_type, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX status_logs_user_created ON status_logs (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX status_logs_cart ON status_logs (cart_id) WHERE cart_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX sync_mutations_rejected ON sync_mutations (created_at) WHERE status = 'rejected'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const ix of ['sync_mutations_rejected', 'status_logs_cart', 'status_logs_user_created', 'status_logs_event_created']) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(ix)}`.execute(db);
  }
}
