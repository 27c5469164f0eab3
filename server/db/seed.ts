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
import { WAVE_DEMO_ORDERS, WAVE_DEMO_STOCK } from './seed-wave-orders';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  qr_token?: string;
  name: string;
}

const PRODUCTS: Array<[string, number | null, [number, number, number] | null, string | null]> = [
  ['Bio-Kaffeebohnen 1 kg', 1.05, [25, 15, 8], 'box'],
  ['Espresso gemahlen 500 g', 0.52, [18, 10, 6], 'box'],
  ['Grüner Tee, 50 Beutel', 0.12, [14, 8, 7], null],
  ['Edelstahl-Trinkflasche 750 ml', 0.35, [27, 8, 8], 'box'],
  ['Thermobecher 400 ml', 0.28, [18, 9, 9], null],
  ['USB-C Ladekabel 2 m', 0.06, [15, 10, 2], 'box'],
  ['Powerbank 10000 mAh', 0.22, [15, 7.5, 2.2], 'box'],
  ['Bluetooth-Kopfhörer', 0.25, [20, 18, 8], null],
  ['LED-Schreibtischlampe', 1.2, [45, 15, 12], 'box'],
  ['Notizbuch A5 liniert', 0.3, [21, 15, 1.5], 'box'],
  ['Kugelschreiber 10er-Pack', 0.11, [16, 8, 2], 'box'],
  ['Haftnotizen gelb 12 Blöcke', 0.2, [10, 10, 8], null],
  ['Yogamatte 6 mm', 1.1, [62, 15, 15], null],
  ['Kurzhantel 5 kg', 5.1, [30, 12, 12], null],
  ['Springseil', 0.25, [20, 12, 4], null],
  ['Olivenöl extra vergine 1 l', 1.0, [30, 8, 8], 'box'],
  ['Basmatireis 5 kg', 5.05, [40, 25, 10], 'pallet'],
  ['Hafermilch 1 l', 1.04, [20, 7, 6], 'pallet'],
  ['Handseife Lavendel 300 ml', 0.34, [19, 7, 5], 'box'],
  ['Shampoo Kräuter 250 ml', 0.29, [18, 6, 4], 'box'],
  ['Zahnbürste Bambus 4er', 0.08, [20, 8, 3], null],
  ['Geschirrtuch Set 3-teilig', 0.3, null, null],
  ['Backpapier 20 m', null, [38, 5, 5], null],
  ['Frischhaltedosen 5er-Set', null, null, null],
  ['Schneidebrett Eiche', 1.4, null, null],
  ['Küchenwaage digital', null, [22, 18, 3], null],
  ['Gartenschere', 0.32, null, null],
  ['Blumenerde 20 l', null, null, null],
  ['Vogelfutter 2,5 kg', 2.5, [35, 25, 8], null],
  ['Hundeleine 2 m', null, null, null],
];

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

/** The state a demo order or announcement is brought to, through the same service calls as the API. */
type DemoOrderStatus = 'new' | 'confirmed' | 'picking';
type DemoNotificationStatus = 'announced' | 'confirmed';
type DemoCustomer = 'K-10001' | 'K-10002';
type DemoRack = 'A' | 'B' | 'C' | 'K';

export interface DemoOrder {
  customer: DemoCustomer;
  status: DemoOrderStatus;
  address: Omit<OrderRequestInput, 'items' | 'customer_id'>;
  items: Array<{ product: number; quantity?: number; box?: number }>;
}

/** Stock of a customer: product index into PRODUCTS, compartment index inside the rack. */
export interface DemoStock {
  customer: DemoCustomer;
  product: number;
  rack: DemoRack;
  compartment: number;
  quantity: number;
}

/**
 * Outbound orders of the demo customers: placed by the customer user, then
 * confirmed / started by the warehouse manager. Products are given by their
 * index in PRODUCTS and only ones the customer has in stock; the coffee, the
 * espresso, the tea and the LED lamp stay unreserved (the e2e tests count
 * their available stock).
 */
const DEMO_ORDERS: DemoOrder[] = [
  {
    customer: 'K-10001',
    status: 'new',
    address: {
      delivery_name: 'Bioladen Sonnenblume',
      delivery_email: 'bestellung@bioladen-sonnenblume.de',
      delivery_address: 'Kaiser-Joseph-Straße 214',
      delivery_postal_code: '79098',
      delivery_city: 'Freiburg im Breisgau',
      delivery_country: 'DE',
    },
    items: [
      { product: 15, quantity: 6 },
      { product: 17, box: 2 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'new',
    address: {
      delivery_name: 'Reformhaus Kern',
      delivery_address: 'Ludgeristraße 56',
      delivery_postal_code: '48143',
      delivery_city: 'Münster',
      delivery_country: 'DE',
      notes: 'Anlieferung bitte nur vormittags',
    },
    items: [{ product: 16, quantity: 2 }],
  },
  {
    customer: 'K-10001',
    status: 'confirmed',
    address: {
      delivery_name: 'Café Kornblume',
      delivery_email: 'info@cafe-kornblume.de',
      delivery_address: 'Lange Reihe 93',
      delivery_postal_code: '20099',
      delivery_city: 'Hamburg',
      delivery_country: 'DE',
    },
    items: [
      { product: 17, box: 3 },
      { product: 15, quantity: 4 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'picking',
    address: {
      delivery_name: 'Hofladen Brandt',
      delivery_address: 'Am Sande 17',
      delivery_postal_code: '21335',
      delivery_city: 'Lüneburg',
      delivery_country: 'DE',
    },
    items: [
      { product: 16, box: 1 },
      { product: 17, quantity: 12 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'new',
    address: {
      delivery_name: 'Technikhaus Weber',
      delivery_email: 'einkauf@technikhaus-weber.de',
      delivery_address: 'Sendlinger Straße 28',
      delivery_postal_code: '80331',
      delivery_city: 'München',
      delivery_country: 'DE',
    },
    items: [
      { product: 5, box: 10 },
      { product: 6, quantity: 5 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'new',
    address: {
      delivery_name: 'Funkhaus Krüger',
      delivery_address: 'Karl-Liebknecht-Straße 45',
      delivery_postal_code: '04275',
      delivery_city: 'Leipzig',
      delivery_country: 'DE',
    },
    items: [{ product: 7, quantity: 3 }],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    address: {
      delivery_name: 'Elektro Hoffmann',
      delivery_email: 'lager@elektro-hoffmann.de',
      delivery_address: 'Hohe Straße 112',
      delivery_postal_code: '50667',
      delivery_city: 'Köln',
      delivery_country: 'DE',
      notes: 'Bitte an Tor 3 anliefern',
    },
    items: [
      { product: 5, quantity: 24 },
      { product: 7, quantity: 4 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'picking',
    address: {
      delivery_name: 'Büroservice Wagner',
      delivery_address: 'Königstraße 40',
      delivery_postal_code: '70173',
      delivery_city: 'Stuttgart',
      delivery_country: 'DE',
    },
    items: [
      { product: 6, quantity: 10 },
      { product: 5, box: 2 },
    ],
  },
];

/** Inbound announcements of the demo customers: announced by the customer user, some confirmed by the manager. */
const DEMO_NOTIFICATIONS: Array<{
  customer: DemoCustomer;
  status: DemoNotificationStatus;
  /** Expected in this many days from the seed. */
  inDays: number;
  reference: string;
  notes?: string;
  items: Array<{ product: number; quantity: number }>;
}> = [
  {
    customer: 'K-10001',
    status: 'announced',
    inDays: 6,
    reference: 'LS-MN-4711',
    items: [
      { product: 15, quantity: 48 },
      { product: 17, quantity: 120 },
    ],
  },
  {
    customer: 'K-10001',
    status: 'confirmed',
    inDays: 2,
    reference: 'LS-MN-4698',
    notes: 'Anlieferung per Spedition, 1 Palette',
    items: [
      { product: 16, quantity: 24 },
      { product: 18, quantity: 36 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'announced',
    inDays: 8,
    reference: 'SE-2026-0815',
    items: [
      { product: 6, quantity: 40 },
      { product: 7, quantity: 20 },
    ],
  },
  {
    customer: 'K-10002',
    status: 'confirmed',
    inDays: 3,
    reference: 'SE-2026-0802',
    notes: 'Paketdienst, 4 Kartons',
    items: [
      { product: 5, quantity: 120 },
      { product: 9, quantity: 30 },
    ],
  },
];

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

    const users: Array<{
      username: string;
      email: string;
      full_name: string;
      role: 'admin' | 'warehouse_manager' | 'warehouse_worker' | 'customer_user';
      customer_id: number | null;
      password: string;
      qr?: string;
    }> = [
      {
        username: 'lagerleitung',
        email: 'leitung@lagerwerk.de',
        full_name: 'Petra Lange',
        role: 'warehouse_manager',
        customer_id: null,
        password: 'Leitung123!',
        qr: 'LW-DEMO-LEITUNG-7f3a9c2e41b8',
      },
      {
        username: 'lager',
        email: 'lager@lagerwerk.de',
        full_name: 'Tim Becker',
        role: 'warehouse_worker',
        customer_id: null,
        password: 'Lager123!',
        qr: 'LW-DEMO-LAGER-0b5d8e17c6a3',
      },
      {
        username: 'kunde@mueller-naturkost.de',
        email: 'kunde@mueller-naturkost.de',
        full_name: 'Anna Müller',
        role: 'customer_user',
        customer_id: c1.id,
        password: 'Kunde123!',
      },
      {
        username: 'kunde@schmidt-elektronik.de',
        email: 'kunde@schmidt-elektronik.de',
        full_name: 'Jonas Schmidt',
        role: 'customer_user',
        customer_id: c2.id,
        password: 'Kunde123!',
      },
    ];
    if (opts.withAdmin) {
      users.unshift({
        username: 'admin',
        email: 'admin@lagerwerk.de',
        full_name: 'Andrea Admin',
        role: 'admin',
        customer_id: null,
        password: 'Admin123!',
        qr: 'LW-DEMO-ADMIN-94e2c7d1a5f0',
      });
    }
    let workerId = 0;
    let managerId = 0;
    const customerUsers: Record<string, number> = {};
    const customerNumbers: Record<number, string> = { [c1.id]: 'K-10001', [c2.id]: 'K-10002' };
    for (const u of users) {
      const row = await trx
        .insertInto('users')
        .values({
          username: u.username,
          email: u.email,
          full_name: u.full_name,
          role: u.role,
          is_admin: u.role === 'admin',
          customer_id: u.customer_id,
          password_hash: await hashPassword(u.password),
          qr_token_hash: u.qr ? hashQrToken(u.qr) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (u.role === 'warehouse_worker') workerId = row.id;
      if (u.role === 'warehouse_manager') managerId = row.id;
      if (u.role === 'customer_user' && u.customer_id) customerUsers[customerNumbers[u.customer_id]] = row.id;
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
