import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Named (prepared) statements for the hot queries. node-postgres
 * sends every query unnamed, so PostgreSQL parses and plans it anew each
 * time; a named one is parsed once per connection and its plan reused. A
 * query opts in by starting with PREPARED (`sql\`${PREPARED} SELECT …\``):
 * its text must be fixed (parameters only, no lists spliced in), since the
 * name is derived from the text and each distinct text stays prepared for the
 * life of the connection. PGlite has no use for the mark (one session, no
 * network) and ignores the comment.
 */
const MARK = '/* prepared */';
export const PREPARED = sql.raw(MARK);

const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Makes every client of the pool send marked queries as named statements. */
export function nameMarkedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const plain = client.query.bind(client) as Query;
    const named: Query = (config, values, callback) =>
      typeof config === 'string' && config.startsWith(MARK) ? plain({ name: nameOf(config), text: config, values }, callback) : plain(config, values, callback);
    (client as unknown as { query: Query }).query = named;
  });
}
