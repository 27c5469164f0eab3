import type { TestApp } from '../../helpers/app';
import { buildPackingWorld, packingUrls } from '../packing/world';

/**
 * A packed order ready for freight: the packing world's pallet scanned and
 * both orders packed through the real calls; `country` moves the first
 * order's delivery address abroad (an international freight order).
 */
export async function buildFreightWorld(t: TestApp, opts: { country?: string } = {}) {
  const w = await buildPackingWorld(t);
  if (opts.country) await t.db.updateTable('outbound_orders').set({ delivery_country: opts.country }).where('id', '=', w.order.id).execute();
  await t.app.inject({ method: 'GET', url: packingUrls.pallet(w.barcode), headers: w.h });
  for (const id of [w.order.id, w.otherOrder.id]) {
    const res = await t.app.inject({ method: 'POST', url: packingUrls.packed(id), headers: w.h, payload: { num_packages: 1 } });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return w;
}

export const freightUrls = {
  request: (id: number) => `/api/outbound-orders/${id}/request-freight-quote`,
  list: '/api/outbound-orders/freight-quotations',
  save: (id: number) => `/api/outbound-orders/${id}/save-freight-quote`,
  ship: (id: number) => `/api/outbound-orders/${id}/ship-freight`,
  email: (id: number) => `/api/outbound-orders/${id}/freight-email-template`,
  labels: (id: number) => `/api/outbound-orders/${id}/pallet-labels`,
};

export const TWO_PALLETS = {
  num_pallets: 2,
  pallet_dimensions: [
    { length: 120, width: 80, height: 100, weight: 200 },
    { length: 80, width: 60, height: 75.5, weight: 120.5 },
  ],
};
