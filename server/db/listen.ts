import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ACTOR_CHANNEL, type ChangeFeed } from './change-feed';

/**
 * Keeps one LISTEN connection per database handle for the change feed
 * (server/db/change-feed.ts). The feed is live only while the connection is
 * up and answered its last health check; on any error it goes not-live at
 * once (caches then load every time) and reconnects after a second. Being
 * live again counts as a change, so nothing cached before the gap survives.
 */
export interface Listener {
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;
const PING_MS = 10_000;
const PING_TIMEOUT_MS = 5000;

export function listenWithPg(connectionString: string, feed: ChangeFeed): Listener {
  let closed = false;
  let client: pg.Client | null = null;
  let ping: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  const drop = (c: pg.Client): Promise<void> => {
    if (client !== c) return Promise.resolve();
    client = null;
    if (ping) clearInterval(ping);
    ping = null;
    feed.setLive(false);
    if (!closed) retry = setTimeout(connect, RECONNECT_MS);
    return c.end().catch(() => {});
  };

  async function connect(): Promise<void> {
    retry = null;
    if (closed) return;
    const c = new pg.Client({ connectionString, keepAlive: true });
    client = c;
    c.on('error', () => void drop(c));
    c.on('end', () => void drop(c));
    c.on('notification', (msg) => {
      if (msg.channel === ACTOR_CHANNEL && client === c) feed.changed();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${ACTOR_CHANNEL}`);
    } catch {
      await drop(c);
      return;
    }
    if (closed || client !== c) return;
    feed.setLive(true);
    ping = setInterval(() => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS).unref());
      Promise.race([c.query('SELECT 1'), timeout]).catch(() => void drop(c));
    }, PING_MS);
    ping.unref();
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (client) await drop(client);
    },
  };
}

/** PGlite runs in this process: its notifications cannot be missed while it is open. */
export function listenWithPglite(pglite: PGlite, feed: ChangeFeed): Listener {
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  pglite
    .listen(ACTOR_CHANNEL, () => feed.changed())
    .then((u) => {
      unlisten = u;
      if (!closed) feed.setLive(true);
    })
    .catch(() => feed.setLive(false));
  return {
    async close() {
      closed = true;
      feed.setLive(false);
      if (unlisten && !pglite.closed) await unlisten().catch(() => {});
    },
  };
}
