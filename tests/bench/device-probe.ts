import type { Page } from 'playwright-core';
import { productTable } from '../../client/features/products/offline';
import { SHARD_BITS, SHARD_MASK, SHARD_SIZE } from '../../sync/device/packed';
import type { ProductLookupResponse } from '../../shared/schemas/products';
import type { DemoUser } from '../e2e/helpers/browser';
import { recordGoal } from './summary';

/**
 * Measuring scan → feedback inside the page (performance.now()): a keydown
 * listener (capture) notes the first and the latest keystroke of a scan, a
 * MutationObserver notes when the screen's feedback element changes and which
 * keystroke came last before it. That is the scan's Enter, or its last digit
 * where a screen recognises a complete EAN before the Enter (goods receipt).
 * Used by tests/bench/device-scan.ts for each flow.
 */
export interface Probe {
  first: number | null;
  last: number | null;
  lastBeforeShown: number | null;
  shown: number | null;
}
const EMPTY: Probe = { first: null, last: null, lastBeforeShown: null, shown: null };

type ProbeWindow = Window & { __probe: Probe; __probeKey: string | null; __probeRead: () => string };

/** Where a screen's feedback shows: an element's attribute, or its text when attribute is null. */
export interface Target {
  selector: string;
  attribute: string | null;
}

/** Installs the probe: feedback is any change of the targets' values (a missing element reads as null). */
export async function installProbe(page: Page, targets: Target[]): Promise<void> {
  await page.evaluate((targets) => {
    const w = window as unknown as ProbeWindow;
    const firstInstall = w.__probe === undefined;
    w.__probe = { first: null, last: null, lastBeforeShown: null, shown: null };
    w.__probeRead = () =>
      targets
        .map(({ selector, attribute }) => {
          const el = document.querySelector(selector);
          if (!el) return '∅';
          return attribute ? el.getAttribute(attribute) : (el.textContent ?? '');
        })
        .join('|');
    w.__probeKey = w.__probeRead();
    if (!firstInstall) return;
    window.addEventListener(
      'keydown',
      () => {
        const now = performance.now();
        if (w.__probe.first === null) w.__probe.first = now;
        w.__probe.last = now;
      },
      true,
    );
    new MutationObserver(() => {
      const key = w.__probeRead();
      if (key !== w.__probeKey) {
        w.__probeKey = key;
        if (w.__probe.shown === null && w.__probe.last !== null) {
          w.__probe.shown = performance.now();
          w.__probe.lastBeforeShown = w.__probe.last;
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, targets);
}

export async function resetProbe(page: Page): Promise<void> {
  await page.evaluate((empty) => {
    (window as unknown as ProbeWindow).__probe = { ...empty };
  }, EMPTY);
}

/** Waits for the feedback of the scan just typed; returns last key → feedback and first key → feedback in ms. */
export async function readProbe(page: Page, what: string, timeout = 15_000): Promise<{ fromEnter: number; fromFirst: number }> {
  const handle = await page
    .waitForFunction(
      () => {
        const pr = (window as unknown as ProbeWindow).__probe;
        return pr.shown !== null ? pr : null;
      },
      undefined,
      { timeout },
    )
    .catch(async (e) => {
      const state = await page.evaluate(() => ({
        probe: (window as unknown as ProbeWindow).__probe,
        errors: [...document.querySelectorAll('[role="alert"]')].map((x) => x.textContent),
      }));
      throw new Error(`${what} ohne Rückmeldung: ${JSON.stringify(state)} (${(e as Error).message})`);
    });
  const p = (await handle.jsonValue()) as Probe;
  return { fromEnter: (p.shown ?? 0) - (p.lastBeforeShown ?? 0), fromFirst: (p.shown ?? 0) - (p.first ?? 0) };
}

/**
 * Puts `count` generated products into the device's IndexedDB (storeProducts); ids and EANs far
 * from the demo data's. Returns the number of products stored after.
 */
export function fillProducts(page: Page, count: number): Promise<number> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: 50_000_000 + i,
    ean: `29${String(i).padStart(11, '0')}`,
    title: `Bench-Artikel ${i}`,
    image_url: null,
  }));
  return storeProducts(page, rows);
}

/**
 * Keeps products on the device as a scan's online lookup does (client/features/stock/product-fetch.ts):
 * GET /api/products/lookup/{ean} with the worker's token, for articles a worker's device does not hold
 * (no stock in scope, no open line; docs/sync.md "Products").
 */
export async function lookUpProducts(page: Page, baseUrl: string, user: DemoUser, eans: string[]): Promise<number> {
  const login = await fetch(`${baseUrl}/api/auth/login-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const rows: ProductRow[] = [];
  for (const ean of eans) {
    const res = await fetch(`${baseUrl}/api/products/lookup/${ean}`, { headers: { Authorization: `Bearer ${access_token}` } });
    if (!res.ok) throw new Error(`GET /products/lookup/${ean}: ${res.status}`);
    const p = (await res.json()) as ProductLookupResponse;
    if (p.product_id === null) throw new Error(`GET /products/lookup/${ean}: not stored`);
    rows.push({ id: p.product_id, ean: p.ean, title: p.title, image_url: p.image_url });
  }
  return storeProducts(page, rows);
}

type ProductRow = { id: number; ean: string; title: string; image_url: string | null };

/**
 * Puts products into the device's IndexedDB as a pull stores them (the app's Dexie database
 * `lagerwerk`, packed: buckets of productTable in `packs`, the id map in `packIds`,
 * sync/device/packed.ts), merged into the buckets already there, in one transaction. Returns the
 * number of products stored after.
 */
export async function storeProducts(page: Page, products: ProductRow[]): Promise<number> {
  const cols = [...productTable.columns];
  const buckets = new Map<number, unknown[][]>();
  const shards = new Map<number, number[]>();
  for (const row of products as Array<Record<string, unknown> & ProductRow>) {
    const id = row.id;
    const b = productTable.bucketOf(row.ean);
    buckets.set(b, [...(buckets.get(b) ?? []), cols.map((c) => row[c])]);
    const s = id >> SHARD_BITS;
    if (!shards.has(s)) shards.set(s, new Array(SHARD_SIZE).fill(0));
    (shards.get(s) as number[])[id & SHARD_MASK] = b + 1;
  }
  return page.evaluate(
    async ({ cols, buckets, shards }) => {
      // tsx (esbuild keepNames) wraps the named helpers below in __name(), which the page lacks.
      (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
      const open = indexedDB.open('lagerwerk');
      const idb: IDBDatabase = await new Promise((res, rej) => {
        open.onsuccess = () => res(open.result);
        open.onerror = () => rej(open.error);
      });
      const done = (r: IDBRequest | IDBTransaction) =>
        new Promise<unknown>((res, rej) => {
          if (r instanceof IDBTransaction) r.oncomplete = () => res(null);
          else r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
      try {
        const tx = idb.transaction(['packs', 'packIds'], 'readwrite');
        const packs = tx.objectStore('packs');
        for (const [b, rows] of buckets) {
          const stored = (await done(packs.get(['product', b]))) as { rows: unknown[][] } | undefined;
          // A second fill replaces the rows of the first (same ids), as a put by id would.
          const ids = new Set(rows.map((r) => r[cols.indexOf('id')]));
          packs.put({ e: 'product', b, cols, rows: [...(stored?.rows ?? []).filter((r) => !ids.has(r[cols.indexOf('id')])), ...rows] });
        }
        for (const [s, ids] of shards) tx.objectStore('packIds').put({ e: 'product', s, b: Int32Array.from(ids) });
        await done(tx);
        const all = (await done(
          idb
            .transaction('packs')
            .objectStore('packs')
            .getAll(IDBKeyRange.bound(['product', 0], ['product', Infinity])),
        )) as Array<{
          rows: unknown[];
        }>;
        return all.reduce((n, r) => n + r.rows.length, 0);
      } finally {
        idb.close();
      }
    },
    { cols, buckets: [...buckets], shards: [...shards] },
  );
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const f = (n: number) => n.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function printFlow(label: string, fromEnter: number[], fromFirst: number[]): void {
  const a = [...fromEnter].sort((x, y) => x - y);
  const b = [...fromFirst].sort((x, y) => x - y);
  console.log(
    `  ${label.padEnd(34)} letzte Taste → Rückmeldung p50 ${f(pct(a, 50)).padStart(6)} ms   p95 ${f(pct(a, 95)).padStart(6)} ms (Ziel ≤ 50)   erster Tastendruck → Rückmeldung p95 ${f(pct(b, 95))} ms   (${a.length} Scans)`,
  );
  recordGoal({
    what: `3 Scan → Rückmeldung offline, p95: ${label}`,
    figure: pct(a, 95),
    unit: 'ms',
    target: 50,
    kind: 'max',
    digits: 1,
    beside: `${a.length} Scans`,
  });
}
