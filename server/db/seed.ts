import { DISPOSABLE_GENERATE } from '../../shared/domain/pallets';
import { hashPassword, hashQrToken } from '../auth/password';
import { generateDisposable } from '../features/pallets/disposable-service';
import { addStock } from '../features/stock/ledger';
import { seedBillingDemo } from './seed-billing';
import { seedBlockedDemo } from './seed-blocked';
import { seedReturnsDemo } from './seed-returns';
import { seedStocktakeDemo } from './seed-stocktake';
import type { Db, Trx } from './index';
import { DEMO_ADMIN, DEMO_USERS } from './demo-users';
import { demoEan, PRODUCTS } from './seed-data';
import { seedEventHistory } from './seed-events';
import { seedFreightDemo } from './seed-freight';
import { seedLayout } from './seed-layout';
import { seedOrdersAndNotifications } from './seed-orders';
import { seedPackingDemo } from './seed-packing';
import { seedPickingWave } from './seed-picking';

/** The demo EANs, for the tests that scan demo products. */
export { demoEan } from './seed-data';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  qr_token?: string;
  name: string;
}

/** Demo data for an empty embedded database. Returns the logins to print. */
export async function seedDemo(db: Db, opts: { withAdmin: boolean }): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [];
  await db.transaction().execute(async (trx) => {
    const racks = await seedLayout(trx);
    const allComps = [...racks.A, ...racks.B, ...racks.C, ...racks.K];

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
      racks,
    });
    await seedPallets(trx);
    const muellerIds = { customerId: c1.id, customerUserId: customerUsers['K-10001'], managerId, workerId, productIds, rackC: racks.C };
    await seedPackingDemo(trx, muellerIds);
    await seedFreightDemo(trx, muellerIds);
    await seedPickingWave(trx, {
      managerId,
      workerId,
      customerUsers,
      customerIds: { 'K-10001': c1.id, 'K-10002': c2.id },
      productIds,
      racks,
    });
    await seedEventHistory(trx);
    // After the history, whose picks take any stock row: nothing was ever picked from the Sperrlager.
    await seedBlockedDemo(trx, { managerId, schmidtId: c2.id, headphonesIndex: 7 });
    await seedReturnsDemo(trx, { customerIds: { 'K-10001': c1.id, 'K-10002': c2.id }, customerUsers, workerId, productIds });
    // Last: its places stay frozen for every booking until it is booked or cancelled.
    await seedStocktakeDemo(trx, { managerId, workerId });
    await seedBillingDemo(trx, { customerIds });
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
