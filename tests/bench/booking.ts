import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { jsonClient } from './http-client';
import { percentile, pick, POOL_SIZE, type Seed } from './setup';

/**
 * Booking throughput: POST /api/inbound through the running app versus the
 * same SQL transaction (product, place, customer look-ups, stock upsert,
 * movement insert) sent directly through `pg` with the same pool size.
 * The two run in alternating slices, so a machine whose load changes during
 * the run (shared CI boxes) skews both alike instead of one of them.
 */

export interface BookingFigures {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Booker {
  one(): Promise<boolean>;
  close(): Promise<void>;
}

/** POST /api/inbound; `keyed`: each booking with its own Idempotency-Key, as shops and careful clients send. */
export function apiBooker(baseUrl: string, token: string, s: Seed, concurrency: number, keyed = false): Booker {
  const http = jsonClient(baseUrl, concurrency);
  const run = randomBytes(6).toString('hex');
  let n = 0;
  return {
    one: async () => {
      const body = { ean: pick(s.eans), quantity: 1 + Math.floor(Math.random() * 5), location_barcode: pick(s.barcodes), customer_id: s.customerId };
      const res = await http.post('/api/inbound', token, body, keyed ? { 'idempotency-key': `bench-${run}-${++n}` } : {});
      return res.status === 200;
    },
    close: async () => http.close(),
  };
}

export function directBooker(url: string, s: Seed): Booker {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  return {
    one: async () => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const p = await c.query('SELECT id, title FROM products WHERE ean = $1', [pick(s.eans)]);
        const l = await c.query('SELECT id, kind, is_active FROM locations WHERE barcode = $1', [pick(s.barcodes)]);
        const cu = await c.query('SELECT id, is_active FROM customers WHERE id = $1', [s.customerId]);
        const qty = 1 + Math.floor(Math.random() * 5);
        const st = await c.query(
          `INSERT INTO stock (product_id, customer_id, location_id, batch_number, expiry_date, quantity)
           VALUES ($1, $2, $3, '', NULL, $4)
           ON CONFLICT ON CONSTRAINT stock_identity DO UPDATE SET quantity = stock.quantity + excluded.quantity, updated_at = now()
           RETURNING id, quantity`,
          [p.rows[0].id, cu.rows[0].id, l.rows[0].id, qty],
        );
        await c.query(
          `INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, batch_number, quantity, user_id)
           VALUES ('inbound', $1, $2, $3, $4, '', $5, $6) RETURNING id`,
          [p.rows[0].id, cu.rows[0].id, l.rows[0].id, st.rows[0].id, qty, s.userId],
        );
        await c.query('COMMIT');
        return true;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

interface Tally {
  latencies: number[];
  errors: number;
  ms: number;
}

async function slice(b: Booker, concurrency: number, ms: number, t: Tally): Promise<void> {
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await b.one().catch(() => false);
        t.latencies.push(performance.now() - t0);
        if (!ok) t.errors++;
      }
    }),
  );
  t.ms += performance.now() - started;
}

function figures(t: Tally): BookingFigures {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const seconds = t.ms / 1000;
  return { count: sorted.length, seconds, perSecond: sorted.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: t.errors };
}

/** Runs the bookers in alternating slices (A, B, A, B, ...) and reports each one's totals. */
export async function interleaved(bookers: Booker[], concurrency: number, totalMsEach: number, slices: number): Promise<BookingFigures[]> {
  const tallies: Tally[] = bookers.map(() => ({ latencies: [], errors: 0, ms: 0 }));
  for (let i = 0; i < slices; i++) {
    for (let b = 0; b < bookers.length; b++) await slice(bookers[b], concurrency, totalMsEach / slices, tallies[b]);
  }
  return tallies.map(figures);
}
