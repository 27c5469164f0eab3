import { RequestFreightQuote } from '../../shared/schemas/freight';
import { OrderRequest, type OrderRequestInput } from '../../shared/schemas/orders';
import { MarkPackedRequest } from '../../shared/schemas/packing';
import { CreateWaveQuery } from '../../shared/schemas/waves';
import { loadActor } from '../auth/users';
import { requestFreightQuote } from '../features/freight/service';
import { confirmOrder, createOrder } from '../features/outbound-orders/service';
import { markPacked, scanPackingPallet } from '../features/packing/service';
import { pick } from '../features/picking/picks';
import { addStock } from '../features/stock/ledger';
import { beginPicking, completeWave, startWave } from '../features/waves/lifecycle';
import { createWave } from '../features/waves/service';
import type { Trx } from './index';
import { demoEan, type DemoStock } from './seed-data';

/**
 * Demo freight abroad (docs/demo-data.md): one order of Müller
 * Naturkost to a shop in Utrecht, picked onto the reusable pallet PAL-102,
 * packed at the station on two freight pallets and waiting for a forwarder's
 * offer, so /freight-quotations shows one open request on first start.
 * Everything goes through the services the API calls (reservations, picks in
 * the ledger, the station's pallet scan, mark-packed, request-freight-quote
 * and their logs); the pallet stays with the order until it ships, as on the
 * floor. Products (hand soap, yoga mats) and compartments C-02-01/C-02-02 are
 * used by no other demo data and no end-to-end test.
 */
export const FREIGHT_DEMO_PALLET = 'PAL-102';

export const FREIGHT_DEMO_STOCK: DemoStock[] = [
  { customer: 'K-10001', product: 18, rack: 'C', compartment: 5, quantity: 144 },
  { customer: 'K-10001', product: 12, rack: 'C', compartment: 6, quantity: 48 },
];

export const FREIGHT_DEMO_ORDER = {
  address: {
    delivery_name: 'Natuurwinkel De Groene Linde',
    delivery_email: 'inkoop@degroenelinde.nl',
    delivery_address: 'Oudegracht 158',
    delivery_postal_code: '3511 AZ',
    delivery_city: 'Utrecht',
    delivery_country: 'NL',
  },
  /** Product index into PRODUCTS → pieces (the soap as 20 boxes of 6). */
  items: [
    [18, 120],
    [12, 40],
  ],
  /** A full and a half Euro pallet, weights with the pallet. */
  pallets: [
    { length: 120, width: 80, height: 145, weight: 92.5 },
    { length: 80, width: 60, height: 110, weight: 38 },
  ],
} as const satisfies {
  address: Omit<OrderRequestInput, 'items' | 'customer_id'>;
  items: ReadonlyArray<readonly [number, number]>;
  pallets: ReadonlyArray<{ length: number; width: number; height: number; weight: number }>;
};

export async function seedFreightDemo(
  trx: Trx,
  ids: { customerId: number; customerUserId: number; managerId: number; workerId: number; productIds: number[]; rackC: number[] },
): Promise<void> {
  const [manager, worker, customer] = await Promise.all([ids.managerId, ids.workerId, ids.customerUserId].map((id) => loadActor(trx, id)));
  if (!manager || !worker || !customer) throw new Error('freight demo: demo users missing');
  const barcodeOf = new Map<number, string>();
  for (const st of FREIGHT_DEMO_STOCK) {
    const place = { product_id: ids.productIds[st.product] as number, customer_id: ids.customerId, location_id: ids.rackC[st.compartment] as number };
    await addStock(trx, place, st.quantity, { movement_type: 'inbound', user_id: worker.id, notes: 'Demo-Anfangsbestand' });
    const loc = await trx.selectFrom('locations').select('barcode').where('id', '=', place.location_id).executeTakeFirstOrThrow();
    barcodeOf.set(st.product, loc.barcode as string);
  }
  const o = FREIGHT_DEMO_ORDER;
  const input = OrderRequest.parse({
    ...o.address,
    items: o.items.map(([p, quantity]) => ({ product_id: ids.productIds[p], quantity })),
  } satisfies OrderRequestInput);
  const order = await createOrder(trx, customer, input);
  await confirmOrder(trx, manager, order.id);

  await trx.insertInto('pallets').values({ barcode: FREIGHT_DEMO_PALLET, name: 'Europalette Spedition' }).execute();
  const wave = await createWave(trx, manager, CreateWaveQuery.parse({ order_ids: [order.id], name: 'Demo Spedition Utrecht' }));
  await startWave(trx, worker, wave.id, FREIGHT_DEMO_PALLET);
  await beginPicking(trx, worker, wave.id);
  for (const [p, quantity] of o.items) {
    await pick(trx, worker, wave.id, {
      order_id: order.id,
      product_ean: demoEan(p),
      location_barcode: barcodeOf.get(p) as string,
      quantity,
      batch_number: null,
    });
  }
  await completeWave(trx, worker, wave.id);

  // At the packing station: pallet scanned, order packed on its freight pallets, quotation requested.
  await scanPackingPallet(trx, worker, FREIGHT_DEMO_PALLET);
  const kg = o.pallets.reduce((sum, p) => sum + p.weight, 0);
  await markPacked(trx, worker, order.id, MarkPackedRequest.parse({ num_packages: o.pallets.length, total_weight_grams: Math.round(kg * 1000) }));
  await requestFreightQuote(trx, worker, order.id, RequestFreightQuote.parse({ num_pallets: o.pallets.length, pallet_dimensions: o.pallets }));
}
