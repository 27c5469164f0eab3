import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withCheckDigit } from '../../shared/domain/ean';
import { type DbHandle, migrateToLatest, openDatabase } from '../../server/db/index';

/** A throw-away PostgreSQL database for one bench run: created, migrated, seeded, dropped. */

export const BENCH_BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const POOL_SIZE = 20;

export interface BenchDb {
  url: string;
  handle: DbHandle;
  drop(): Promise<void>;
}

export async function createBenchDb(): Promise<BenchDb> {
  const name = `lw_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(BENCH_BASE_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const handle = await openDatabase({ databaseUrl: url, poolSize: POOL_SIZE });
  await migrateToLatest(handle.db);
  return {
    url,
    handle,
    drop: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: BENCH_BASE_URL });
      await a.connect();
      for (let i = 0; i < 100; i++) {
        const open = await a.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface Seed {
  userId: number;
  customerId: number;
  eans: string[];
  barcodes: string[];
}

/** One customer, one worker, 200 products, 10 racks × 20 compartments in one building and room. */
export async function seed(handle: DbHandle): Promise<Seed> {
  const db = handle.db;
  const customer = await db
    .insertInto('customers')
    .values({ customer_number: 'BENCH-1', company_name: 'Bench GmbH' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ username: 'bench', email: 'bench@test.de', role: 'warehouse_worker', full_name: 'Bench Worker' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const building = await db.insertInto('buildings').values({ building_code: 'H1', name: 'Halle 1' }).returning('id').executeTakeFirstOrThrow();
  const room = await db.insertInto('rooms').values({ building_id: building.id, room_code: 'R1', name: 'Lager' }).returning('id').executeTakeFirstOrThrow();
  const eans: string[] = [];
  for (let i = 0; i < 200; i++) eans.push(withCheckDigit(`40${String(1_000_000 + i).padStart(10, '0')}`));
  await db
    .insertInto('products')
    .values(eans.map((ean, i) => ({ ean, title: `Artikel ${i + 1}` })))
    .execute();
  const barcodes: string[] = [];
  for (let r = 1; r <= 10; r++) {
    const code = `B${String(r).padStart(2, '0')}`;
    const rack = await db
      .insertInto('locations')
      .values({ kind: 'rack', code, building_id: building.id, room_id: room.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const level = await db
      .insertInto('locations')
      .values({ kind: 'level', parent_id: rack.id, rack_id: rack.id, code: '01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 20 }, (_, c) => {
      const cc = String(c + 1).padStart(2, '0');
      barcodes.push(`${code}-01-${cc}`);
      return { kind: 'compartment' as const, parent_id: level.id, rack_id: rack.id, code: cc, barcode: `${code}-01-${cc}` };
    });
    await db.insertInto('locations').values(rows).execute();
  }
  return { userId: user.id, customerId: customer.id, eans, barcodes };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
