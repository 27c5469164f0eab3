import { NotificationRequest, type NotificationRequestInput } from '../../shared/schemas/inbound';
import { OrderRequest, type OrderRequestInput } from '../../shared/schemas/orders';
import type { Actor } from '../auth/actor';
import { loadActor } from '../auth/users';
import { confirmNotification, createNotification } from '../features/inbound-notifications/service';
import { confirmOrder, createOrder, startPicking } from '../features/outbound-orders/service';
import { addStock } from '../features/stock/ledger';
import type { Trx } from './index';
import { DEMO_NOTIFICATIONS, DEMO_ORDERS, type DemoCustomer, type DemoOrder, type DemoRack, demoEan, PRODUCTS } from './seed-data';
import { WAVE_DEMO_ORDERS, WAVE_DEMO_STOCK } from './seed-wave-orders';

function isoDateInDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function demoActor(trx: Trx, userId: number): Promise<Actor> {
  const actor = await loadActor(trx, userId);
  if (!actor) throw new Error(`Demo user ${userId} not found`);
  return actor;
}

/** Places orders as their customer user and brings them to their state as the manager. */
async function placeDemoOrders(
  trx: Trx,
  orders: DemoOrder[],
  ids: { manager: Actor; customerActors: Record<string, Actor>; productIds: number[] },
): Promise<void> {
  const { manager, customerActors } = ids;
  for (const o of orders) {
    const input = OrderRequest.parse({
      ...o.address,
      items: o.items.map((i) =>
        i.box
          ? { product_id: ids.productIds[i.product], selected_ve_type: 'box', selected_ve_quantity: i.box }
          : { product_id: ids.productIds[i.product], quantity: i.quantity },
      ),
    } satisfies OrderRequestInput);
    const order = await createOrder(trx, customerActors[o.customer], input);
    if (o.status === 'confirmed' || o.status === 'picking') await confirmOrder(trx, manager, order.id);
    if (o.status === 'picking') await startPicking(trx, manager, order.id);
  }
}

/**
 * Orders and announcements through the service functions the routes call, so
 * reservations and states are exactly what the API would have produced.
 * The wave-planning orders come last, on stock booked only then, so the
 * first orders' reservations do not depend on them.
 */
export async function seedOrdersAndNotifications(
  trx: Trx,
  ids: {
    customerUsers: Record<string, number>;
    customerIds: Record<DemoCustomer, number>;
    managerId: number;
    workerId: number;
    productIds: number[];
    racks: Record<DemoRack, number[]>;
  },
): Promise<void> {
  const manager = await demoActor(trx, ids.managerId);
  const customerActors: Record<string, Actor> = {};
  for (const [number, userId] of Object.entries(ids.customerUsers)) customerActors[number] = await demoActor(trx, userId);
  await placeDemoOrders(trx, DEMO_ORDERS, { manager, customerActors, productIds: ids.productIds });

  for (const st of WAVE_DEMO_STOCK) {
    const place = { product_id: ids.productIds[st.product], customer_id: ids.customerIds[st.customer], location_id: ids.racks[st.rack][st.compartment] };
    await addStock(trx, place, st.quantity, { movement_type: 'inbound', user_id: ids.workerId || null, notes: 'Demo-Anfangsbestand' });
  }
  await placeDemoOrders(trx, WAVE_DEMO_ORDERS, { manager, customerActors, productIds: ids.productIds });

  for (const n of DEMO_NOTIFICATIONS) {
    const input = NotificationRequest.parse({
      expected_date: isoDateInDays(n.inDays),
      reference_number: n.reference,
      notes: n.notes,
      items: n.items.map((i) => ({ ean: demoEan(i.product), title: PRODUCTS[i.product][0], quantity: i.quantity })),
    } satisfies NotificationRequestInput);
    const created = await createNotification(trx, customerActors[n.customer], input);
    if (n.status === 'confirmed') await confirmNotification(trx, manager, created.id);
  }
}
