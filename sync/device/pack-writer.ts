import type { PutGroup } from '../protocol';
import { type IdShard, type PackedTable, type PackRecord, SHARD_BITS, SHARD_MASK, SHARD_SIZE } from './packed';
import type { DeviceDb } from './types';

/**
 * Applies a pull's groups of packed entities (packed.ts) inside the pull's Dexie transaction:
 * the touched id shards and buckets are read once (nothing is read after a reset: the tables
 * were just cleared), changed in memory in the groups' order, and written back at flush().
 */

const key = (e: string, n: number) => `${e}\u0000${n}`;
/** Records per bulkPut while flushing (all inside the pull's one transaction). */
const WRITE_CHUNK = 500;

interface Bucket {
  e: string;
  b: number;
  /** id → values in the entity's columns. */
  rows: Map<number, unknown[]>;
}

export class PackWriter {
  private readonly shards = new Map<string, IdShard>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly dirtyShards = new Set<string>();
  private readonly dirtyBuckets = new Set<string>();
  private readonly columnsOf = new Map<string, readonly string[]>();

  /** fresh: the packed tables are empty (a reset), so nothing needs to be read. */
  constructor(
    private readonly db: DeviceDb,
    private readonly fresh: boolean,
  ) {}

  async put(spec: PackedTable, g: PutGroup): Promise<void> {
    this.columnsOf.set(spec.name, spec.columns);
    const rows = sameColumns(g.columns, spec.columns)
      ? g.rows
      : g.rows.map((r) => spec.columns.map((c) => (g.columns.includes(c) ? r[g.columns.indexOf(c)] : null)));
    const idAt = spec.columns.indexOf('id');
    const byAt = spec.columns.indexOf(spec.packBy);
    const ids = rows.map((r) => r[idAt] as number);
    const target = rows.map((r) => spec.bucketOf(r[byAt]));
    await this.loadShards(spec.name, ids);
    const old = ids.map((id) => this.bucketOfId(spec.name, id));
    await this.loadBuckets(spec.name, [...old, ...target]);
    for (let i = 0; i < rows.length; i++) {
      if (old[i] >= 0 && old[i] !== target[i]) this.bucket(spec.name, old[i]).rows.delete(ids[i]);
      this.bucket(spec.name, target[i]).rows.set(ids[i], rows[i]);
      this.setBucketOfId(spec.name, ids[i], target[i]);
    }
  }

  async del(spec: PackedTable, ids: readonly number[]): Promise<void> {
    this.columnsOf.set(spec.name, spec.columns);
    await this.loadShards(spec.name, ids);
    const old = ids.map((id) => this.bucketOfId(spec.name, id));
    await this.loadBuckets(spec.name, old);
    ids.forEach((id, i) => {
      if (old[i] < 0) return;
      this.bucket(spec.name, old[i]).rows.delete(id);
      this.setBucketOfId(spec.name, id, -1);
    });
  }

  async flush(): Promise<void> {
    const puts: PackRecord[] = [];
    const gone: Array<[string, number]> = [];
    for (const k of this.dirtyBuckets) {
      const b = this.buckets.get(k) as Bucket;
      if (b.rows.size === 0) gone.push([b.e, b.b]);
      else puts.push({ e: b.e, b: b.b, cols: [...(this.columnsOf.get(b.e) ?? [])], rows: [...b.rows.values()] });
    }
    const shardPuts: IdShard[] = [];
    const shardsGone: Array<[string, number]> = [];
    for (const k of this.dirtyShards) {
      const s = this.shards.get(k) as IdShard;
      if (s.b.some((v) => v !== 0)) shardPuts.push(s);
      else shardsGone.push([s.e, s.s]);
    }
    for (let i = 0; i < puts.length; i += WRITE_CHUNK) await this.db.packs.bulkPut(puts.slice(i, i + WRITE_CHUNK));
    if (gone.length && !this.fresh) await this.db.packs.bulkDelete(gone);
    if (shardPuts.length) await this.db.packIds.bulkPut(shardPuts);
    if (shardsGone.length && !this.fresh) await this.db.packIds.bulkDelete(shardsGone);
    this.dirtyBuckets.clear();
    this.dirtyShards.clear();
  }

  private bucketOfId(e: string, id: number): number {
    return (this.shards.get(key(e, id >> SHARD_BITS))?.b[id & SHARD_MASK] ?? 0) - 1;
  }

  private setBucketOfId(e: string, id: number, b: number): void {
    const s = id >> SHARD_BITS;
    const k = key(e, s);
    let shard = this.shards.get(k);
    if (!shard) {
      shard = { e, s, b: new Int32Array(SHARD_SIZE) };
      this.shards.set(k, shard);
    }
    shard.b[id & SHARD_MASK] = b + 1;
    this.dirtyShards.add(k);
  }

  private bucket(e: string, b: number): Bucket {
    const k = key(e, b);
    let bucket = this.buckets.get(k);
    if (!bucket) {
      bucket = { e, b, rows: new Map() };
      this.buckets.set(k, bucket);
    }
    this.dirtyBuckets.add(k);
    return bucket;
  }

  private async loadShards(e: string, ids: readonly number[]): Promise<void> {
    if (this.fresh) return;
    const missing = [...new Set(ids.map((id) => id >> SHARD_BITS))].filter((s) => !this.shards.has(key(e, s)));
    const got = await this.db.packIds.bulkGet(missing.map((s) => [e, s] as [string, number]));
    missing.forEach((s, i) => {
      this.shards.set(key(e, s), got[i] ?? { e, s, b: new Int32Array(SHARD_SIZE) });
    });
  }

  private async loadBuckets(e: string, nos: readonly number[]): Promise<void> {
    if (this.fresh) return;
    const missing = [...new Set(nos.filter((b) => b >= 0))].filter((b) => !this.buckets.has(key(e, b)));
    const got = await this.db.packs.bulkGet(missing.map((b) => [e, b] as [string, number]));
    missing.forEach((b, i) => {
      const rec = got[i];
      const rows = new Map<number, unknown[]>();
      const cols = this.columnsOf.get(e) ?? [];
      if (rec) {
        const same = sameColumns(rec.cols, cols);
        const idAt = rec.cols.indexOf('id');
        for (const r of rec.rows) rows.set(r[idAt] as number, same ? r : cols.map((c) => (rec.cols.includes(c) ? r[rec.cols.indexOf(c)] : null)));
      }
      this.buckets.set(key(e, b), { e, b, rows });
    });
  }
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/**
 * Puts rows of one packed entity outside a pull, in their own transaction: a row the device fetched
 * on its own (a scanned product asked from the server, docs/sync.md "Entities"). A later pull may
 * overwrite it; a reset drops it like every row.
 */
export async function putPackedRows(db: DeviceDb, spec: PackedTable, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  await db.transaction('rw', [db.packs, db.packIds], async () => {
    const w = new PackWriter(db, false);
    await w.put(spec, { entity: spec.name, columns: [...spec.columns], rows: rows.map((r) => spec.columns.map((c) => r[c] ?? null)) });
    await w.flush();
  });
}
