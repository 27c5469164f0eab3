import { type Kysely, sql } from 'kysely';

/**
 * Invoices (docs/operations.md "Billing (Abrechnung)"): a draft is computed
 * from the rate card and the counted charges; finalizing gives it a gapless
 * number per year (invoice_number_counters, the year's row locked while the
 * number is taken) and snapshots seller and buyer. A final invoice is never
 * changed again except for being marked cancelled by its cancellation
 * invoice (kind 'cancellation', negated amounts, cancels_invoice_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE invoices (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers(id),
      number text UNIQUE,
      kind text NOT NULL DEFAULT 'invoice' CHECK (kind IN ('invoice', 'cancellation')),
      cancels_invoice_id integer UNIQUE REFERENCES invoices(id),
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'final', 'cancelled')),
      period_from date NOT NULL,
      period_to date NOT NULL,
      net_cents bigint NOT NULL,
      vat_rate integer NOT NULL CHECK (vat_rate BETWEEN 0 AND 99),
      vat_cents bigint NOT NULL,
      gross_cents bigint NOT NULL,
      seller jsonb,
      buyer jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      finalized_at timestamptz,
      created_by integer REFERENCES users(id),
      CHECK (period_from <= period_to),
      CHECK ((status = 'draft') = (number IS NULL)),
      CHECK ((kind = 'cancellation') = (cancels_invoice_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX invoices_customer_period ON invoices (customer_id, period_from) WHERE status = 'final' AND kind = 'invoice'`.execute(db);
  await sql`CREATE INDEX invoices_status ON invoices (status, customer_id)`.execute(db);
  await sql`
    CREATE TABLE invoice_lines (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      position integer NOT NULL,
      code text NOT NULL,
      description text NOT NULL,
      quantity bigint NOT NULL,
      unit_price_cents integer NOT NULL,
      net_cents bigint NOT NULL,
      UNIQUE (invoice_id, position)
    )`.execute(db);
  await sql`
    CREATE TABLE invoice_number_counters (
      year integer PRIMARY KEY,
      last_number integer NOT NULL CHECK (last_number >= 0)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS invoice_number_counters`.execute(db);
  await sql`DROP TABLE IF EXISTS invoice_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS invoices`.execute(db);
}
