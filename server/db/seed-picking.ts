import { CreateWaveQuery } from '../../shared/schemas/waves';
import { OrderRequest, type OrderRequestInput } from '../../shared/schemas/orders';
import type { Actor } from '../auth/actor';
import { loadActor } from '../auth/users';
import { confirmOrder, createOrder } from '../features/outbound-orders/service';
import { addStock } from '../features/stock/ledger';
import { startWave } from '../features/waves/lifecycle';
import { createWave } from '../features/waves/service';
import type { Trx } from './index';
import type { DemoOrder, DemoRack, DemoStock } from './seed-data';

/**
 * Demo work for the handheld (docs/demo-data.md): one wave started on the
 * reusable pallet PAL-005 and open for any picker, so that `npm start` → log
 * in as the worker → Kommissionierung → 'Offene Wellen' → 'Fortsetzen'
 * picks at once. Its order is in that wave, so it is no wave-planning
 * candidate (the wave builder's suggestions stay as they are); its products
 * (shampoo, toothbrushes, tea towels) and compartments are ones no other
 * demo data and no end-to-end test counts. Product numbers index PRODUCTS.
 */
export const PICKING_DEMO_PALLET = 'PAL-005';

export const PICKING_DEMO_STOCK: DemoStock[] = [
  { customer: 'K-10001', product: 19, rack: 'C', compartment: 7, quantity: 36 },
  // A second place of the shampoo: a Fehlmenge at the first one is offered here next.
  { customer: 'K-10001', product: 19, rack: 'C', compartment: 9, quantity: 24 },
  { customer: 'K-10001', product: 20, rack: 'C', compartment: 8, quantity: 20 },
  { customer: 'K-10001', product: 21, rack: 'B', compartment: 10, quantity: 12 },
];

export const PICKING_DEMO_ORDER: DemoOrder = {
  customer: 'K-10001',
  status: 'confirmed',
  address: {
    delivery_name: 'Drogerie Sommer',
    delivery_email: 'einkauf@drogerie-sommer.de',
    delivery_address: 'Obernstraße 18',
    delivery_postal_code: '33602',
    delivery_city: 'Bielefeld',
    delivery_country: 'DE',
  },
  items: [
    { product: 19, box: 2 },
    { product: 20, quantity: 3 },
    { product: 21, quantity: 2 },
  ],
};

async function actor(trx: Trx, userId: number): Promise<Actor> {
  const a = await loadActor(trx, userId);
  if (!a) throw new Error(`Demo user ${userId} not found`);
  return a;
}

/** Books the stock, places and confirms the order, builds the wave and starts it on the pallet (through the services, as the API would). */
export async function seedPickingWave(
  trx: Trx,
  ids: {
    managerId: number;
    workerId: number;
    customerUsers: Record<string, number>;
    customerIds: Record<string, number>;
    productIds: number[];
    racks: Record<DemoRack, number[]>;
  },
): Promise<void> {
  const manager = await actor(trx, ids.managerId);
  for (const st of PICKING_DEMO_STOCK) {
    const place = { product_id: ids.productIds[st.product], customer_id: ids.customerIds[st.customer], location_id: ids.racks[st.rack][st.compartment] };
    await addStock(trx, place, st.quantity, { movement_type: 'inbound', user_id: ids.workerId || null, notes: 'Demo-Anfangsbestand' });
  }
  const o = PICKING_DEMO_ORDER;
  const input = OrderRequest.parse({
    ...o.address,
    items: o.items.map((i) =>
      i.box
        ? { product_id: ids.productIds[i.product], selected_ve_type: 'box', selected_ve_quantity: i.box }
        : { product_id: ids.productIds[i.product], quantity: i.quantity },
    ),
  } satisfies OrderRequestInput);
  const order = await createOrder(trx, await actor(trx, ids.customerUsers[o.customer]), input);
  await confirmOrder(trx, manager, order.id);
  const wave = await createWave(trx, manager, CreateWaveQuery.parse({ order_ids: [order.id], name: 'Demo-Welle Drogerie Sommer' }));
  await startWave(trx, manager, wave.id, PICKING_DEMO_PALLET);
}
