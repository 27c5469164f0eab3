import { withCheckDigit } from '../../shared/domain/ean';
import { DISPOSABLE_GENERATE } from '../../shared/domain/pallets';
import { NotificationRequest, type NotificationRequestInput } from '../../shared/schemas/inbound';
import { OrderRequest, type OrderRequestInput } from '../../shared/schemas/orders';
import type { Actor } from '../auth/actor';
import { hashPassword, hashQrToken } from '../auth/password';
import { loadActor } from '../auth/users';
import { confirmNotification, createNotification } from '../features/inbound-notifications/service';
import { confirmOrder, createOrder, startPicking } from '../features/outbound-orders/service';
import { generateDisposable } from '../features/pallets/disposable-service';
import { addStock } from '../features/stock/ledger';
import type { Db, Trx } from './index';
import { DEMO_NOTIFICATIONS, DEMO_ORDERS, type DemoCustomer, type DemoOrder, type DemoRack, PRODUCTS } from './seed-data';
import { seedEventHistory } from './seed-events';
import { seedPackingDemo } from './seed-packing';
import { seedPickingWave } from './seed-picking';
import { WAVE_DEMO_ORDERS, WAVE_DEMO_STOCK } from './seed-wave-orders';
import { DEMO_ADMIN, DEMO_USERS } from './demo-users';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  qr_token?: string;
  name: string;
}

/** Valid EAN-13 from a German GS1 prefix. */
export function demoEan(i: number): string {
  return withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
}

async function createRack(
  trx: Trx,
  code: string,
  buildingId: number,
  roomId: number,
  levels: number,
  compartments: number,
  x: number,
  y: number,
): Promise<number[]> {
  const rack = await trx
    .insertInto('locations')
    .values({
      kind: 'rack',
      code,
      name: `Regal ${code}`,
      building_id: buildingId,
      room_id: roomId,
      position_x: x,
      position_y: y,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const compartmentIds: number[] = [];
  for (let l = 1; l <= levels; l++) {
    const lc = String(l).padStart(2, '0');
    const level = await trx
      .insertInto('locations')
      .values({ kind: 'level', parent_id: rack.id, rack_id: rack.id, code: lc, name: `Ebene ${lc}`, sort_index: l, building_id: buildingId, room_id: roomId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let c = 1; c <= compartments; c++) {
      const cc = String(c).padStart(2, '0');
      const comp = await trx
        .insertInto('locations')
        .values({
          kind: 'compartment',
          parent_id: level.id,
          rack_id: rack.id,
          code: cc,
          barcode: `${code}-${lc}-${cc}`,
          name: `Fach ${cc}`,
          sort_index: c,
          building_id: buildingId,
          room_id: roomId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      compartmentIds.push(comp.id);
    }
  }
  return compartmentIds;
}

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
async function seedOrdersAndNotifications(
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

/** Demo data for an empty embedded database. Returns the logins to print. */
export async function seedDemo(db: Db, opts: { withAdmin: boolean }): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [];
  await db.transaction().execute(async (trx) => {
    const b = await trx
      .insertInto('buildings')
      .values({ building_code: 'H1', name: 'Halle 1', address: 'Industriestraße 12, 33602 Bielefeld' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r1 = await trx
      .insertInto('rooms')
      .values({ building_id: b.id, room_code: 'R1', name: 'Hauptlager', room_type: 'ambient' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r2 = await trx
      .insertInto('rooms')
      .values({ building_id: b.id, room_code: 'K1', name: 'Kühlraum', room_type: 'cooled' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const compsA = await createRack(trx, 'A', b.id, r1.id, 3, 4, 100, 100);
    const compsB = await createRack(trx, 'B', b.id, r1.id, 3, 4, 100, 160);
    const compsC = await createRack(trx, 'C', b.id, r1.id, 2, 5, 160, 100);
    const compsK = await createRack(trx, 'K', b.id, r2.id, 2, 3, 320, 100);
    const allComps = [...compsA, ...compsB, ...compsC, ...compsK];

    const c1 = await trx
      .insertInto('customers')
      .values({
        customer_number: 'K-10001',
        company_name: 'Müller Naturkost GmbH',
        contact_person: 'Anna Müller',
        email: 'kontakt@mueller-naturkost.de',
        phone: '+49 521 123456',
        address_line1: 'Hauptstraße 5',
        postal_code: '33602',
        city: 'Bielefeld',
        country: 'Deutschland',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c2 = await trx
      .insertInto('customers')
      .values({
        customer_number: 'K-10002',
        company_name: 'Schmidt Elektronik KG',
        contact_person: 'Jonas Schmidt',
        email: 'info@schmidt-elektronik.de',
        phone: '+49 30 987654',
        address_line1: 'Friedrichstraße 100',
        postal_code: '10117',
        city: 'Berlin',
        country: 'Deutschland',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const customerIds: Record<string, number> = { 'K-10001': c1.id, 'K-10002': c2.id };
    const users = opts.withAdmin ? [DEMO_ADMIN, ...DEMO_USERS] : DEMO_USERS;
    let workerId = 0;
    let managerId = 0;
    const customerUsers: Record<string, number> = {};
    for (const u of users) {
      const row = await trx
        .insertInto('users')
        .values({
          username: u.username,
          email: u.email,
          full_name: u.full_name,
          role: u.role,
          is_admin: u.role === 'admin',
          customer_id: u.customer_number ? customerIds[u.customer_number] : null,
          password_hash: await hashPassword(u.password),
          qr_token_hash: u.qr ? hashQrToken(u.qr) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (u.role === 'warehouse_worker') workerId = row.id;
      if (u.role === 'warehouse_manager') managerId = row.id;
      if (u.role === 'customer_user' && u.customer_number) customerUsers[u.customer_number] = row.id;
      logins.push({ role: u.role, email: u.email, password: u.password, qr_token: u.qr, name: u.full_name });
    }

    const productIds: number[] = [];
    for (let i = 0; i < PRODUCTS.length; i++) {
      const [title, weight, dims, ve] = PRODUCTS[i];
      const p = await trx
        .insertInto('products')
        .values({
          ean: demoEan(i),
          title,
          description: `${title} – Demoartikel`,
          weight_kg: weight,
          length_cm: dims?.[0] ?? null,
          width_cm: dims?.[1] ?? null,
          height_cm: dims?.[2] ?? null,
          base_unit: 'piece',
          units_per_box: ve ? 6 : null,
          boxes_per_pallet: ve === 'pallet' ? 40 : null,
          source: 'manual',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      productIds.push(p.id);
    }

    // Some stock: the first products for Müller, the electronics for Schmidt.
    const plan: Array<[number, number, number, number]> = [
      [0, c1.id, 0, 48],
      [1, c1.id, 1, 36],
      [2, c1.id, 2, 120],
      [15, c1.id, 3, 24],
      [16, c1.id, 4, 12],
      [17, c1.id, 5, 60],
      [0, c1.id, 12, 12],
      [5, c2.id, 6, 200],
      [6, c2.id, 7, 50],
      [7, c2.id, 8, 30],
      [8, c2.id, 9, 10],
      [5, c2.id, 13, 40],
    ];
    for (const [pi, customerId, ci, qty] of plan) {
      await addStock(trx, { product_id: productIds[pi], customer_id: customerId, location_id: allComps[ci] }, qty, {
        movement_type: 'inbound',
        user_id: workerId || null,
        notes: 'Demo-Anfangsbestand',
      });
    }

    await seedOrdersAndNotifications(trx, {
      customerUsers,
      customerIds: { 'K-10001': c1.id, 'K-10002': c2.id },
      managerId,
      workerId,
      productIds,
      racks: { A: compsA, B: compsB, C: compsC, K: compsK },
    });
    await seedPallets(trx);
    await seedPackingDemo(trx, { customerId: c1.id, customerUserId: customerUsers['K-10001'], managerId, workerId, productIds, rackC: compsC });
    await seedPickingWave(trx, {
      managerId,
      workerId,
      customerUsers,
      customerIds: { 'K-10001': c1.id, 'K-10002': c2.id },
      productIds,
      racks: { A: compsA, B: compsB, C: compsC, K: compsK },
    });
    await seedEventHistory(trx);
  });
  return logins;
}

/** Reusable pallets PAL-001…PAL-005 and 20 available disposable barcodes. */
async function seedPallets(trx: Trx): Promise<void> {
  await trx
    .insertInto('pallets')
    .values([1, 2, 3, 4, 5].map((n) => ({ barcode: `PAL-${String(n).padStart(3, '0')}`, name: `Europalette ${n}` })))
    .execute();
  await generateDisposable(trx, DISPOSABLE_GENERATE.default);
}

/** First admin from ADMIN_EMAIL/ADMIN_PASSWORD when no user exists yet. */
export async function ensureFirstAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await db
    .insertInto('users')
    .values({
      username: 'admin',
      email,
      full_name: 'Administrator',
      role: 'admin',
      is_admin: true,
      password_hash: await hashPassword(password),
    })
    .execute();
  return true;
}
