import type { FastifyInstance } from 'fastify';
import type { Role } from '../../shared/domain/roles';
import { withCheckDigit } from '../../shared/domain/ean';
import { hashPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/index';
import { addStock } from '../../server/features/stock/ledger';

/** Small builders that create their parents (outline-style factories). */
let seq = 0;
const next = () => ++seq + Math.floor(Math.random() * 1000) * 1000;

export async function buildCustomer(db: Db, over: { company_name?: string } = {}) {
  const n = next();
  return db
    .insertInto('customers')
    .values({ customer_number: `T-${n}`, company_name: over.company_name ?? `Testkunde ${n} GmbH` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const TEST_PASSWORD = 'Geheim123!';
let cachedHash: string | undefined;

export async function buildUser(
  db: Db,
  role: Role,
  over: { customer_id?: number | null; email?: string; is_admin?: boolean; is_active?: boolean; access?: number[]; is_exclude?: boolean } = {},
) {
  const n = next();
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  let customerId = over.customer_id ?? null;
  if (role === 'customer_user' && !customerId) customerId = (await buildCustomer(db)).id;
  const email = over.email ?? `${role}-${n}@test.de`;
  const user = await db
    .insertInto('users')
    .values({
      username: role === 'customer_user' ? email : `${role}-${n}`,
      email,
      full_name: `Test ${role} ${n}`,
      role,
      is_admin: over.is_admin ?? role === 'admin',
      customer_id: customerId,
      password_hash: cachedHash,
      is_active: over.is_active ?? true,
      is_exclude: over.is_exclude ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const cid of over.access ?? []) {
    await db.insertInto('user_customer_access').values({ user_id: user.id, customer_id: cid }).execute();
  }
  return user;
}

/** A signed token for a user, as the login route would issue it. */
export function tokenFor(app: FastifyInstance, user: { id: number; role: string }): string {
  return app.jwt.sign({ sub: String(user.id), role: user.role });
}

export function auth(app: FastifyInstance, user: { id: number; role: string }) {
  return { authorization: `Bearer ${tokenFor(app, user)}` };
}

export async function buildProduct(
  db: Db,
  over: Partial<{ ean: string; title: string; weight_kg: number | null; units_per_box: number | null; boxes_per_pallet: number | null }> = {},
) {
  const n = next();
  return db
    .insertInto('products')
    .values({
      ean: over.ean ?? withCheckDigit(`40${String(n).padStart(10, '0')}`),
      title: over.title ?? `Testartikel ${n}`,
      weight_kg: over.weight_kg ?? null,
      units_per_box: over.units_per_box ?? null,
      boxes_per_pallet: over.boxes_per_pallet ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A rack with one level and `count` compartments; returns the compartments. */
export async function buildCompartments(db: Db, count = 1, over: { rackCode?: string } = {}) {
  const n = next();
  const code = over.rackCode ?? `T${n}`;
  const rack = await db
    .insertInto('locations')
    .values({ kind: 'rack', code, name: `Regal ${code}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const level = await db
    .insertInto('locations')
    .values({ kind: 'level', parent_id: rack.id, rack_id: rack.id, code: '01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const out = [];
  for (let c = 1; c <= count; c++) {
    const cc = String(c).padStart(2, '0');
    out.push(
      await db
        .insertInto('locations')
        .values({ kind: 'compartment', parent_id: level.id, rack_id: rack.id, code: cc, barcode: `${code}-01-${cc}` })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return out;
}

/** Books stock through the ledger (so the ledger invariant holds in tests too). */
export async function buildStock(
  db: Db,
  s: { product_id: number; customer_id: number; location_id: number; quantity: number; batch_number?: string; expiry_date?: string | null },
) {
  return db.transaction().execute((trx) => addStock(trx, s, s.quantity, { movement_type: 'inbound', user_id: null, notes: 'Testbestand' }));
}

/** A building with one room and a rack placed in it; returns the rack's compartments (paths "Building / Room / CODE-01-01"). */
export async function buildPlacedCompartments(db: Db, count = 1, over: { buildingName?: string; roomName?: string } = {}) {
  const n = next();
  const building = await db
    .insertInto('buildings')
    .values({ building_code: `B${n}`, name: over.buildingName ?? `Halle ${n}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  const room = await db
    .insertInto('rooms')
    .values({ building_id: building.id, room_code: `R${n}`, name: over.roomName ?? `Raum ${n}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  const compartments = await buildCompartments(db, count);
  await db
    .updateTable('locations')
    .set({ building_id: building.id, room_id: room.id })
    .where('id', '=', compartments[0].rack_id as number)
    .execute();
  return { building, room, compartments };
}
