import { type Kysely, sql } from 'kysely';

/**
 * Webhooks of a customer's shop (docs/integrations.md "Webhooks"). The secret
 * is stored encrypted (it must sign, so a hash would not do). webhook_events is
 * the outbox: a row is written in the same transaction as the change it tells
 * of, with one webhook_deliveries row per subscribed webhook; the delivery job
 * works the due deliveries. order_id orders the events of one order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhooks (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers(id),
      url text NOT NULL,
      events jsonb NOT NULL,
      secret_encrypted text NOT NULL,
      secret_prefix text NOT NULL,
      created_by integer NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by integer REFERENCES users(id)
    )`.execute(db);
  await sql`CREATE INDEX webhooks_customer_idx ON webhooks (customer_id) WHERE deleted_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE webhook_events (
      id text PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers(id),
      type text NOT NULL,
      order_id integer,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id serial PRIMARY KEY,
      webhook_id integer NOT NULL REFERENCES webhooks(id),
      event_id text NOT NULL REFERENCES webhook_events(id),
      order_id integer,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      last_attempt_at timestamptz,
      response_status integer,
      last_error text,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_events`.execute(db);
  await sql`DROP TABLE webhooks`.execute(db);
}
