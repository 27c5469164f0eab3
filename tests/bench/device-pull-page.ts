import { LagerwerkDb } from '../../client/db';
import { deviceTables } from '../../client/offline-registry';
import { PackedView } from '../../sync/device/packed';
import { applyPull, readPullAnswer } from '../../sync/device/pull';

/**
 * The page half of tests/bench/device-pull.ts, bundled by esbuild and run in Chromium:
 * the app's own answer check (readPullAnswer) and applyPull into the app's Dexie schema.
 */

export interface PullFigures {
  parseMs: number;
  checkMs: number;
  applyMs: number;
  /** The following pull of `changes` changed stock rows (parse, check, apply). */
  deltaMs: number;
  usageBefore: number;
  /** After the first pull (the goal's figure), and after the following one. */
  usageAfter: number;
  indexedDbAfter: number | null;
  usageAfterDelta: number;
  rows: Record<string, number>;
}

async function settledUsage(): Promise<{ usage: number; idb: number | null }> {
  // Chromium updates its usage figure shortly after the writes: read until two readings agree.
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    const usage = e.usage ?? 0;
    if (usage === last) return { usage, idb: e.usageDetails?.indexedDB ?? null };
    last = usage;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { usage: last, idb: null };
}

async function benchPull(url: string, deltaUrl: string): Promise<PullFigures> {
  const before = await settledUsage();
  const db = new LagerwerkDb('bench-pull');
  await db.open();
  const text = await (await fetch(url)).text();
  const t0 = performance.now();
  const body: unknown = JSON.parse(text);
  const t1 = performance.now();
  const res = readPullAnswer(body);
  if (!res) throw new Error('Antwort abgelehnt');
  const t2 = performance.now();
  await applyPull(db, 1, 'bench-device-0001', res);
  const t3 = performance.now();
  const first = await settledUsage();
  const deltaText = await (await fetch(deltaUrl)).text();
  const t4 = performance.now();
  const delta = readPullAnswer(JSON.parse(deltaText));
  if (!delta) throw new Error('Antwort abgelehnt');
  await applyPull(db, 1, 'bench-device-0001', delta);
  const t5 = performance.now();
  // Rows per entity (packed ones counted in their id maps), then the IndexedDB records that hold them.
  const rows: Record<string, number> = {};
  for (const t of deviceTables) {
    const spec = db.packOf(t.name);
    rows[t.name] = spec ? await new PackedView(db, spec).count() : await db.table(t.name).count();
  }
  for (const t of db.workingSetTables()) rows[`Datensätze ${t.name}`] = await t.count();
  db.close();
  const after = await settledUsage();
  return {
    parseMs: t1 - t0,
    checkMs: t2 - t1,
    applyMs: t3 - t2,
    deltaMs: t5 - t4,
    usageBefore: before.usage,
    usageAfter: first.usage,
    indexedDbAfter: first.idb,
    usageAfterDelta: after.usage,
    rows,
  };
}

(window as unknown as { benchPull: typeof benchPull }).benchPull = benchPull;
