import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LagerwerkDb } from '../../../client/db';
import { productTable } from '../../../client/features/products/offline';
import { findLocation, findProduct, stockOfProduct } from '../../../client/features/stock/local-stock';
import { LocationEntity } from '../../../shared/schemas/locations';
import { ProductEntity } from '../../../shared/schemas/products';
import { StockEntity } from '../../../shared/schemas/stock';
import { applyPull } from '../../../sync/device/pull';
import type { PatchGroup } from '../../../sync/protocol';

/**
 * The catalogue, stock and places are stored packed on the device (sync/device/packed.ts):
 * many rows per record, found by the bucket of their lookup column, deleted through the id map.
 * Whatever order of puts and deletions a pull brings, the reads see exactly the rows the
 * server sent, and nothing else.
 */

const dbs: LagerwerkDb[] = [];
let n = 0;
async function freshDb(): Promise<LagerwerkDb> {
  const db = new LagerwerkDb(`packed-${++n}-${Date.now()}`);
  await db.open();
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

type Obj = Record<string, unknown>;
const group = (entity: { name: string; columns: readonly string[] }, rows: Obj[]): PatchGroup => ({
  entity: entity.name,
  columns: [...entity.columns],
  rows: rows.map((r) => entity.columns.map((c) => r[c] ?? null)),
});
const product = (id: number, ean: string, title = `P${id}`) => ({ id, ean, title, image_url: null });
const stock = (id: number, product_id: number, location_id: number, quantity: number) => ({
  id,
  product_id,
  customer_id: 1,
  location_id,
  batch_number: '',
  expiry_date: null,
  quantity,
  reserved_quantity: 0,
});
const place = (id: number, barcode: string) => ({ id, barcode, path: `Halle 1 / ${barcode}`, is_active: true });

const pullInto = (db: LagerwerkDb, patch: PatchGroup[], reset = false) =>
  applyPull(db, 1, 'device-0001', { cookie: 2048, lastMutationId: 0, ...(reset ? { reset } : {}), patch });

describe('packed working set', () => {
  it('moves a product whose code changed to its new bucket and forgets the old code', async () => {
    const db = await freshDb();
    await pullInto(db, [group(ProductEntity, [product(1, '4006381333931'), product(2, 'ART-2')])], true);
    const before = productTable.bucketOf('4006381333931');
    let changed = 'ART-1';
    for (let i = 0; productTable.bucketOf(changed) === before; i++) changed = `ART-1-${i}`;
    await pullInto(db, [group(ProductEntity, [product(1, changed, 'umbenannt')])]);
    expect(await db.products.where('4006381333931')).toEqual([]);
    expect(await db.products.where(changed)).toEqual([product(1, changed, 'umbenannt')]);
    expect(await db.products.all()).toEqual([product(1, changed, 'umbenannt'), product(2, 'ART-2')]);
    // The emptied bucket is gone, not kept as an empty record.
    expect(await db.packs.get(['product', before])).toBeUndefined();
  });

  it('applies puts and deletions in order, across pulls, and ignores deletions of unknown ids', async () => {
    const db = await freshDb();
    await pullInto(
      db,
      [
        group(
          ProductEntity,
          [1, 2, 3, 4].map((i) => product(i, `ART-${i}`)),
        ),
      ],
      true,
    );
    await pullInto(db, [
      { entity: 'product', del: [2, 3, 99] },
      group(ProductEntity, [product(3, 'ART-3', 'wieder da')]),
      group(ProductEntity, [product(5, 'ART-5')]),
      { entity: 'product', del: [5] },
    ]);
    expect((await db.products.all()).map((p) => [p.id, p.title])).toEqual([
      [1, 'P1'],
      [3, 'wieder da'],
      [4, 'P4'],
    ]);
    expect(await db.products.count()).toBe(3);
    expect(await db.products.bulkGet([4, 2, 1, 77])).toEqual([product(4, 'ART-4'), undefined, product(1, 'ART-1'), undefined]);
  });

  it('keeps the stock of neighbouring products apart although they share a bucket', async () => {
    const db = await freshDb();
    await pullInto(
      db,
      [
        group(ProductEntity, [product(1, 'ART-1'), product(2, 'ART-2')]),
        group(LocationEntity, [place(10, 'A-01-01'), place(11, 'A-01-02')]),
        group(StockEntity, [stock(100, 1, 10, 5), stock(101, 2, 10, 7), stock(102, 1, 11, 3)]),
      ],
      true,
    );
    expect((await db.stockRows.where(1)).map((s) => s.id).sort()).toEqual([100, 102]);
    expect((await stockOfProduct(db, 'ART-2')).map((s) => [s.id, s.quantity])).toEqual([[101, 7]]);
    await pullInto(db, [{ entity: 'stock', del: [100] }, group(StockEntity, [stock(101, 2, 10, 9)])]);
    expect((await stockOfProduct(db, 'ART-1')).map((s) => s.id)).toEqual([102]);
    expect((await db.stockRows.get(101))?.quantity).toBe(9);
    expect(await db.stockRows.count()).toBe(2);
  });

  it('finds a product by any GTIN form of its code, and a place in any letter case', async () => {
    const db = await freshDb();
    await pullInto(db, [group(ProductEntity, [product(1, '0012345678905')]), group(LocationEntity, [place(10, 'A-01-01'), place(11, 'b-02-02')])], true);
    for (const code of ['012345678905', '0012345678905', '00012345678905']) expect((await findProduct(db, code))?.id).toBe(1);
    expect(await findProduct(db, '4006381333931')).toBeNull();
    expect((await findLocation(db, 'a-01-01'))?.id).toBe(10);
    expect((await findLocation(db, ' B-02-02 '))?.id).toBe(11);
    expect(await findLocation(db, 'A-01-03')).toBeNull();
    expect((await db.locations.all()).map((l) => l.id)).toEqual([10, 11]);
  });

  it('reads and rewrites a bucket stored with columns in another order (written by an older app)', async () => {
    const db = await freshDb();
    await pullInto(db, [group(ProductEntity, [product(1, 'ART-1')])], true);
    const b = productTable.bucketOf('ART-1');
    await db.packs.put({ e: 'product', b, cols: ['title', 'id', 'ean'], rows: [['alt', 1, 'ART-1']] });
    expect(await db.products.where('ART-1')).toEqual([{ id: 1, ean: 'ART-1', title: 'alt' }]);
    let other = 'ART-2';
    for (let i = 0; productTable.bucketOf(other) !== b; i++) other = `ART-2-${i}`;
    await pullInto(db, [group(ProductEntity, [product(2, other)])]);
    expect(await db.products.all()).toEqual([{ ...product(1, 'ART-1', 'alt'), image_url: null }, product(2, other)]);
  });
});
