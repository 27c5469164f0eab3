import { type Kysely, sql } from 'kysely';

/**
 * API keys of a customer's shop (docs/operations.md "API keys"): only the
 * SHA-256 of a key is stored, with its first characters (prefix) to recognise
 * it in the list. Revoking sets revoked_at; a revoked key never authenticates again.
 * Not part of the cached actor (server/auth/api-keys.ts looks a key up on every request).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers(id),
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      created_by integer NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by integer REFERENCES users(id)
    )`.execute(db);
  await sql`CREATE INDEX api_keys_customer_idx ON api_keys (customer_id) WHERE revoked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_keys`.execute(db);
}
