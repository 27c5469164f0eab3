import { OrderRequest, type OrderRequestInput } from '../../shared/schemas/orders';
import { loadActor } from '../auth/users';
import { confirmOrder, createOrder } from '../features/outbound-orders/service';
import { pick } from '../features/picking/picks';
import { addStock } from '../features/stock/ledger';
import { beginPicking, completeWave, startWave } from '../features/waves/lifecycle';
import { createWave } from '../features/waves/service';
import type { Trx } from './index';

/**
 * Demo work for the packing station (docs/demo-data.md): two
 * orders of Müller Naturkost picked onto the reusable pallet PAL-101, the wave
 * completed, so the pallet waits at the packing table (ready_for_packing).
 * Booked through the same services as the API (reservations, picks, logs).
 * DHL settings stay empty: the shipping step explains what to fill in under
 * Einstellungen → Versand. The products (shampoo, toothbrushes, bird seed)
 * and compartments C 7–9 are used by no other demo data or end-to-end test.
 */
export const PACKING_DEMO_PALLET = 'PAL-101';

const ORDERS: Array<{ address: Omit<OrderRequestInput, 'items' | 'customer_id'>; items: Array<[number, number]> }> = [
  {
    address: {
      delivery_name: 'Naturkostladen Grünkern',
      delivery_email: 'einkauf@gruenkern-hamburg.de',
      delivery_address: 'Am Sandtorkai 50',
      delivery_postal_code: '20457',
      delivery_city: 'Hamburg',
      delivery_country: 'DE',
    },
    items: [
      [19, 6],
      [20, 4],
    ],
  },
  {
    address: {
      delivery_name: 'Gartencenter Wiesenhof',
      delivery_email: null,
      delivery_address: 'Leopoldstraße 77',
      delivery_postal_code: '80802',
      delivery_city: 'München',
      delivery_country: 'DE',
    },
    items: [[28, 2]],
  },
];

/** Product index into PRODUCTS → compartment index in rack C and stock booked there. */
const STOCK: Array<[number, number, number]> = [
  [19, 7, 24],
  [20, 8, 24],
  [28, 9, 10],
];

export async function seedPackingDemo(
  trx: Trx,
  ids: { customerId: number; customerUserId: number; managerId: number; workerId: number; productIds: number[]; rackC: number[] },
): Promise<void> {
  const [manager, worker, customer] = await Promise.all([ids.managerId, ids.workerId, ids.customerUserId].map((id) => loadActor(trx, id)));
  if (!manager || !worker || !customer) throw new Error('packing demo: demo users missing');
  const placeOf = new Map<number, number>();
  for (const [product, compartment, quantity] of STOCK) {
    const place = { product_id: ids.productIds[product] as number, customer_id: ids.customerId, location_id: ids.rackC[compartment] as number };
    placeOf.set(product, place.location_id);
    await addStock(trx, place, quantity, { movement_type: 'inbound', user_id: worker.id, notes: 'Demo-Anfangsbestand' });
  }
  const orders = [];
  for (const o of ORDERS) {
    const input = OrderRequest.parse({
      ...o.address,
      items: o.items.map(([p, quantity]) => ({ product_id: ids.productIds[p], quantity })),
    } satisfies OrderRequestInput);
    const order = await createOrder(trx, customer, input);
    await confirmOrder(trx, manager, order.id);
    orders.push({ id: order.id, items: o.items });
  }
  await trx.insertInto('pallets').values({ barcode: PACKING_DEMO_PALLET, name: 'Europalette Packtisch' }).execute();
  const wave = await createWave(trx, manager, { name: 'Demo Packtisch', order_ids: orders.map((o) => o.id), creation_method: 'manual' });
  await startWave(trx, worker, wave.id, PACKING_DEMO_PALLET);
  await beginPicking(trx, worker, wave.id);
  const barcodes = await trx
    .selectFrom('locations')
    .select(['id', 'barcode'])
    .where('id', 'in', [...placeOf.values()])
    .execute();
  const barcodeOf = new Map(barcodes.map((b) => [b.id, b.barcode as string]));
  const products = await trx
    .selectFrom('products')
    .select(['id', 'ean'])
    .where(
      'id',
      'in',
      STOCK.map(([p]) => ids.productIds[p] as number),
    )
    .execute();
  const eanOf = new Map(products.map((r) => [r.id, r.ean as string]));
  for (const o of orders) {
    for (const [p, quantity] of o.items) {
      const location = barcodeOf.get(placeOf.get(p) as number) as string;
      await pick(trx, worker, wave.id, {
        order_id: o.id,
        product_ean: eanOf.get(ids.productIds[p] as number) as string,
        location_barcode: location,
        quantity,
        batch_number: null,
      });
    }
  }
  await completeWave(trx, worker, wave.id);
}
