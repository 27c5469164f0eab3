import { Dexie } from 'dexie';
import type { z } from 'zod';
import type { EntityRow, EntitySchema, WorkingSetEntity } from '../../shared/offline';
import type { DeviceDb } from './types';

/**
 * Large working-set entities (catalogue, stock, places) stored PACKED on the device: many rows
 * in one IndexedDB record (a bucket), plus a compact map from row id to bucket.
 *
 * Why it is shaped so: a browser pays per IndexedDB record and per index entry, so a worker's
 * first pull of a large warehouse (100,000 products, 200,000 stock rows, 20,000 places) as
 * single records missed the device goals of docs/performance.md by far. Packed, the same rows
 * are ~3,000 records without secondary indexes (docs/sync.md "Packed working set"). Each entity
 * names the column readers look rows up by and a pure function from its value to a bucket
 * (e.g. the product code's hash), so a lookup reads one bucket and filters it. Rows are kept
 * as value arrays with the record's column list (keys are not repeated per row). Deletions
 * and puts of a known id find the row's bucket through the id map: one Int32Array of
 * (bucket + 1) per 1,024 ids (0 = not stored).
 * Keep a bucket well under 64 KB (Chromium stores larger values as blobs, which read slowly).
 */

/** One bucket of an entity's rows. Primary key [e+b]. */
export interface PackRecord {
  e: string;
  b: number;
  /** Column names of the rows (the entity's columns when they were stored). */
  cols: string[];
  rows: unknown[][];
}

/** Buckets of 1,024 consecutive ids of an entity. Primary key [e+s], s = id >> SHARD_BITS. */
export interface IdShard {
  e: string;
  s: number;
  /** bucket + 1 per id (index id & SHARD_MASK); 0: no such row. */
  b: Int32Array;
}

export const SHARD_BITS = 10;
export const SHARD_SIZE = 1 << SHARD_BITS;
export const SHARD_MASK = SHARD_SIZE - 1;

/** Dexie stores of the two tables that hold every packed entity. */
export const PACK_STORES = { packs: '[e+b]', packIds: '[e+s]' } as const;

/** A working-set entity stored packed: the column it is looked up by and that value's bucket. */
export interface PackedTable<R extends EntityRow = EntityRow> {
  readonly name: string;
  readonly schema: z.ZodType<R>;
  readonly columns: readonly string[];
  readonly packBy: string;
  /** Must stay the same across app versions (else bump WORKING_SET_SCHEMA_VERSION: devices reset). */
  bucketOf(value: unknown): number;
}

export function packedTable<S extends EntitySchema>(
  entity: WorkingSetEntity<string, S>,
  packBy: keyof z.output<S> & string,
  bucketOf: (value: unknown) => number,
): PackedTable<z.output<S>> {
  if (!entity.columns.includes(packBy)) throw new Error(`working-set table ${entity.name}: no column ${packBy}`);
  return { name: entity.name, schema: entity.schema as unknown as z.ZodType<z.output<S>>, columns: entity.columns, packBy, bucketOf };
}

/** FNV-1a of a string into [0, buckets): stable across devices and versions. */
export function hashBucket(key: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % buckets;
}

function toRow<R>(cols: readonly string[], values: readonly unknown[]): R {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < cols.length; i++) o[cols[i]] = values[i];
  return o as R;
}

/** The rows of one record that satisfy a test on one column, as objects. */
function rowsOf<R>(rec: PackRecord | undefined, column?: string, test?: (v: unknown) => boolean): R[] {
  if (!rec) return [];
  const at = column === undefined ? -1 : rec.cols.indexOf(column);
  if (column !== undefined && at < 0) return [];
  const out: R[] = [];
  for (const r of rec.rows) if (at < 0 || !test || test(r[at])) out.push(toRow<R>(rec.cols, r));
  return out;
}

/** Reads of one packed entity (inside or outside a Dexie transaction; liveQuery-aware). */
export class PackedView<R extends EntityRow> {
  constructor(
    private readonly db: DeviceDb,
    readonly spec: PackedTable<R>,
  ) {}

  /** Rows whose lookup column equals the value exactly. */
  async where(value: string | number): Promise<R[]> {
    return this.matching(value, (v) => v === value);
  }

  /** Rows of the value's bucket whose lookup column passes `test` (e.g. other spellings of the same code, which share the bucket). */
  async matching(value: string | number, test: (v: unknown) => boolean): Promise<R[]> {
    const rec = await this.db.packs.get([this.spec.name, this.spec.bucketOf(value)]);
    return rowsOf<R>(rec, this.spec.packBy, test);
  }

  async get(id: number): Promise<R | undefined> {
    return (await this.bulkGet([id]))[0];
  }

  async bulkGet(ids: readonly number[]): Promise<Array<R | undefined>> {
    const e = this.spec.name;
    const shardNos = [...new Set(ids.map((id) => id >> SHARD_BITS))];
    const shards = new Map((await this.db.packIds.bulkGet(shardNos.map((s) => [e, s] as [string, number]))).flatMap((s) => (s ? [[s.s, s.b]] : [])));
    const bucketOfId = (id: number) => (id > 0 ? (shards.get(id >> SHARD_BITS)?.[id & SHARD_MASK] ?? 0) - 1 : -1);
    const bucketNos = [...new Set(ids.map(bucketOfId).filter((b) => b >= 0))];
    const recs = await this.db.packs.bulkGet(bucketNos.map((b) => [e, b] as [string, number]));
    const byId = new Map<number, R>();
    for (const rec of recs) for (const r of rowsOf<R>(rec)) byId.set(r.id, r);
    return ids.map((id) => byId.get(id));
  }

  /** Every stored row, by id. */
  async all(): Promise<R[]> {
    const recs = await this.db.packs.where('[e+b]').between([this.spec.name, Dexie.minKey], [this.spec.name, Dexie.maxKey]).toArray();
    return recs.flatMap((rec) => rowsOf<R>(rec)).sort((a, b) => a.id - b.id);
  }

  /** Number of stored rows (counted in the id map, without reading the rows). */
  async count(): Promise<number> {
    const shards = await this.db.packIds.where('[e+s]').between([this.spec.name, Dexie.minKey], [this.spec.name, Dexie.maxKey]).toArray();
    let n = 0;
    for (const s of shards) for (let i = 0; i < s.b.length; i++) if (s.b[i] !== 0) n++;
    return n;
  }
}
