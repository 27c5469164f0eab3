import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { DHL_TEST_SETTINGS, type DhlContractServer, startDhlContractServer } from '../../helpers/dhl-contract-server';
import { auth, buildUser } from '../../helpers/factories';
import { buildPickingWorld } from '../../helpers/picking-world';
import { saveSettings } from '../../../server/features/settings/service';

/**
 * A pallet at the packing table, reached through the real calls: two orders
 * (customer and other customer) in one wave on a reusable pallet, started,
 * picked and completed. `skipCandle` leaves one line unpicked (a shortage
 * once the wave completes); `complete: false` stops before complete, so the
 * orders are in picking with lines still reserved.
 */
let n = 0;

export async function buildPackingWorld(t: TestApp, opts: { skipCandle?: boolean; complete?: boolean; disposable?: boolean } = {}) {
  const w = await buildPickingWorld(t);
  const admin = await buildUser(t.db, 'admin');
  const worker = w.picker;
  let barcode = `PAL-PK${process.pid}${++n}`;
  if (opts.disposable) {
    barcode = `DISP-PK${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(3, '0')}`.slice(0, 13);
    await t.db.insertInto('disposable_pallets').values({ barcode }).execute();
  } else {
    await t.db.insertInto('pallets').values({ barcode }).execute();
  }
  const h = auth(t.app, worker);
  const post = async (url: string, payload?: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const wave = await post(`/api/picking-waves/?name=Packtest&order_ids=${w.order.id},${w.otherOrder.id}&creation_method=manual`);
  await post(`/api/picking-waves/${wave.id}/start?pallet_barcode=${barcode}`);
  await post(`/api/picking-waves/${wave.id}/begin-picking`);
  const picks = [
    { order_id: w.order.id, product_ean: w.towel.ean, location_barcode: w.near[0]?.barcode, quantity: 2 },
    { order_id: w.order.id, product_ean: w.soap.ean, location_barcode: w.far.barcode, quantity: 3 },
    ...(opts.skipCandle ? [] : [{ order_id: w.order.id, product_ean: w.candle.ean, location_barcode: w.mid.barcode, quantity: 1 }]),
    { order_id: w.otherOrder.id, product_ean: w.soap.ean, location_barcode: w.near[1]?.barcode, quantity: 4 },
  ];
  for (const p of picks) await post(`/api/picking-waves/${wave.id}/pick`, p);
  if (opts.complete !== false) await post(`/api/picking-waves/${wave.id}/complete`);
  return { ...w, admin, worker, barcode, waveId: wave.id as number, h };
}
export type PackingWorld = Awaited<ReturnType<typeof buildPackingWorld>>;

/** The DHL settings the contract server accepts (Einstellungen → Versand). */
export async function saveDhlSettings(t: TestApp, over: Record<string, string | null> = {}) {
  const values: Record<string, string | null> = {
    ...DHL_TEST_SETTINGS,
    ...over,
  };
  await t.db.transaction().execute((trx) =>
    saveSettings(
      trx,
      t.config.settingsKey,
      Object.entries(values).map(([key, value]) => ({ key, value })),
    ),
  );
}

export const packingUrls = {
  pallet: (barcode: string) => `/api/outbound-orders/packing/pallet/${encodeURIComponent(barcode)}`,
  info: (id: number) => `/api/outbound-orders/${id}/packing-info`,
  packed: (id: number) => `/api/outbound-orders/${id}/mark-packed`,
  ship: (id: number, q: Record<string, string | number | boolean>) =>
    `/api/outbound-orders/${id}/ship?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
};

/**
 * The frame of a file shipping with DHL labels: a test app against the DHL
 * contract server (real HTTP on loopback) with the DHL settings saved,
 * started before the file's tests and closed after them; the contract
 * server answers 'ok' again before each test.
 */
export function dhlTestApp(): { readonly t: TestApp; readonly dhl: DhlContractServer } {
  let t: TestApp | undefined;
  let dhl: DhlContractServer | undefined;
  beforeAll(async () => {
    dhl = await startDhlContractServer();
    t = await createTestApp({ dhlApiBaseUrl: dhl.url });
    await saveDhlSettings(t);
  });
  afterAll(async () => {
    await t?.close();
    await dhl?.close();
  });
  beforeEach(() => {
    if (dhl) dhl.mode = 'ok';
  });
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('dhlTestApp not started (use it inside tests)');
    return v;
  };
  return {
    get t() {
      return started(t);
    },
    get dhl() {
      return started(dhl);
    },
  };
}
