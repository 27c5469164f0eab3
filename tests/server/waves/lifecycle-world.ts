import type { TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { api, buildOrderWorld, orderBody } from '../outbound-orders/world';

/**
 * A customer with stock and N orders placed through the API (so reservations
 * are real), staff logins, a reusable pallet and a disposable barcode.
 */
export async function buildWaveWorld(t: TestApp, orders = 2) {
  const w = await buildOrderWorld(t, { ve: 240, loose: 200 });
  const second = await buildUser(t.db, 'warehouse_worker');
  const orderIds: number[] = [];
  for (let i = 0; i < orders; i++) {
    const res = await api(t).post(
      '/api/outbound-orders/',
      w.h.customer,
      orderBody([
        { product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 1 },
        { product_id: w.looseProduct.id, quantity: 3 },
      ]),
    );
    if (res.statusCode !== 201) throw new Error(res.body);
    orderIds.push(res.json().id);
  }
  const n = Math.floor(Math.random() * 1e6);
  const pallet = await t.db
    .insertInto('pallets')
    .values({ barcode: `PAL-T${n}`, name: 'Testpalette' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const disposable = await t.db
    .insertInto('disposable_pallets')
    .values({ barcode: `DISP-${String(n).padStart(8, '0')}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...w, second, orderIds, pallet, disposable, h: { ...w.h, second: auth(t.app, second) } };
}

export type WaveWorld = Awaited<ReturnType<typeof buildWaveWorld>>;

type Headers = Record<string, string>;
export const waves = (t: TestApp) => ({
  create: (h: Headers, orderIds: Array<number | string>, extra = '') =>
    t.app.inject({ method: 'POST', url: `/api/picking-waves/?order_ids=${orderIds.join(',')}${extra}`, headers: h }),
  start: (h: Headers, id: number, barcode: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/picking-waves/${id}/start?pallet_barcode=${encodeURIComponent(barcode)}`,
      headers: key ? { ...h, 'idempotency-key': key } : h,
    }),
  begin: (h: Headers, id: number) => t.app.inject({ method: 'POST', url: `/api/picking-waves/${id}/begin-picking`, headers: h }),
  complete: (h: Headers, id: number) => t.app.inject({ method: 'POST', url: `/api/picking-waves/${id}/complete`, headers: h }),
  get: (h: Headers, id: number) => t.app.inject({ method: 'GET', url: `/api/picking-waves/${id}`, headers: h }),
  list: (h: Headers, status = '') => t.app.inject({ method: 'GET', url: `/api/picking-waves/${status ? `?status=${status}` : ''}`, headers: h }),
  remove: (h: Headers, id: number) => t.app.inject({ method: 'DELETE', url: `/api/picking-waves/${id}`, headers: h }),
});

/** Creates, starts (with the reusable pallet) and begins a wave over the world's orders; returns its id. */
export async function pickingWave(t: TestApp, w: WaveWorld): Promise<number> {
  const created = await waves(t).create(w.h.manager, w.orderIds);
  if (created.statusCode !== 201) throw new Error(created.body);
  const id = created.json().id as number;
  const started = await waves(t).start(w.h.worker, id, w.pallet.barcode);
  if (started.statusCode !== 200) throw new Error(started.body);
  const begun = await waves(t).begin(w.h.worker, id);
  if (begun.statusCode !== 200) throw new Error(begun.body);
  return id;
}
