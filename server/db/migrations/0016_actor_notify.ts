import { type Kysely, sql } from 'kysely';

/**
 * The request actor is cached in memory (server/auth/actor-cache.ts,
 * docs/architecture.md). Every statement that writes a table the actor is built from
 * (users, user_customer_access, customers) notifies channel lw_actor on
 * commit, so every app instance listening drops its cached actors at once.
 * Statement-level: one notification per statement, also for one that
 * changes no row (PostgreSQL folds equal notifications of a transaction).
 */
const TABLES = ['users', 'user_customer_access', 'customers'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION lw_notify_actor() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('lw_actor', TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db);
  for (const t of TABLES) {
    await sql`CREATE TRIGGER ${sql.id(`${t}_notify_actor`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)}
      FOR EACH STATEMENT EXECUTE FUNCTION lw_notify_actor()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) await sql`DROP TRIGGER ${sql.id(`${t}_notify_actor`)} ON ${sql.table(t)}`.execute(db);
  await sql`DROP FUNCTION lw_notify_actor()`.execute(db);
}
