import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { findProduct } from '../../../client/features/stock/local-stock';
import { ONLINE_LOOKUP_MS, type ProductNet, scanProduct } from '../../../client/features/stock/product-fetch';
import { ProductLookupResponse } from '../../../shared/schemas/products';
import { pull } from '../../../sync/device/pull';
import { buildProduct } from '../../helpers/factories';
import { buildSyncWorld, deviceSuite, realTransport, serverLookup, TestDevice } from '../../helpers/sync-device';

/**
 * A staff device holds the products it works on (docs/sync.md "Entities"); a scanned code it does not
 * hold is asked from the real server's product lookup, kept on the device and found offline after.
 */

const s = deviceSuite();

async function setup() {
  const w = await buildSyncWorld(s.t);
  const device = new TestDevice({ transport: realTransport(s.t), session: { userId: w.worker.id, token: w.token(w.worker) } });
  s.devices.push(device);
  /** The server's GET /products/lookup/{ean} as the worker. */
  const { online, offline, calls: lookups } = serverLookup(s.t, w.worker, (code) => `/api/products/lookup/${code}`, ProductLookupResponse);
  return { w, device, online, offline, lookups };
}

const NOT_ON_DEVICE = (ean: string) => `Artikel ${ean} ist nicht auf diesem Gerät – online erneut scannen`;

describe('a scanned product the device does not hold', () => {
  it('online: asked from the server, kept on the device, found offline and after the next pull', async () => {
    const { w, device, online, offline, lookups } = await setup();
    const elsewhere = await buildProduct(s.t.db, { title: 'Nur im Katalog' });
    expect(await pull(device.deps)).toBe('ok');
    expect(await findProduct(device.db, w.product.ean)).not.toBeNull();
    expect(await findProduct(device.db, elsewhere.ean)).toBeNull();

    const first = await scanProduct(device.db, elsewhere.ean, online);
    expect(first).toEqual({ product: { id: elsewhere.id, ean: elsewhere.ean, title: 'Nur im Katalog', image_url: null, pending: false }, error: null });
    expect(lookups).toEqual([elsewhere.ean]);

    // Kept: the next scan, offline, answers from the device without asking.
    const again = await scanProduct(device.db, elsewhere.ean, offline);
    expect(again.product?.id).toBe(elsewhere.id);
    expect(lookups).toHaveLength(1);
    // An incremental pull does not drop it (products leaving the set stay, docs/sync.md "Entities").
    expect(await pull(device.deps)).toBe('ok');
    expect((await findProduct(device.db, elsewhere.ean))?.title).toBe('Nur im Katalog');
  });

  it('offline: answers in German that the article is not on this device, not that it is unknown', async () => {
    const { device, offline } = await setup();
    const elsewhere = await buildProduct(s.t.db);
    expect(await pull(device.deps)).toBe('ok');
    expect(await scanProduct(device.db, elsewhere.ean, offline)).toEqual({ product: null, error: NOT_ON_DEVICE(elsewhere.ean) });
    expect(await findProduct(device.db, elsewhere.ean)).toBeNull();
  });

  it('online: a code the server does not know either is "Produkt nicht gefunden"', async () => {
    const { device, online } = await setup();
    expect(await pull(device.deps)).toBe('ok');
    expect(await scanProduct(device.db, '4006381333931', online)).toEqual({ product: null, error: 'Produkt nicht gefunden' });
  });

  it('a lookup without answer in ONLINE_LOOKUP_MS gives the offline answer, so the scan is answered', async () => {
    const { device } = await setup();
    const elsewhere = await buildProduct(s.t.db);
    expect(await pull(device.deps)).toBe('ok');
    const hanging: ProductNet = {
      online: () => true,
      lookup: (_code, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    };
    const started = Date.now();
    expect(await scanProduct(device.db, elsewhere.ean, hanging)).toEqual({ product: null, error: NOT_ON_DEVICE(elsewhere.ean) });
    expect(Date.now() - started).toBeLessThan(ONLINE_LOOKUP_MS + 1500);
  });
});
