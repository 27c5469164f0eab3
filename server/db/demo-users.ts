import type { Role } from '../../shared/domain/roles';
import { hashQrToken, verifyPassword } from '../auth/password';
import type { DbOrTrx } from './index';

/** The demo logins: printed at start and in the README ("Demo logins"), so anyone may know them. */
export interface DemoUser {
  username: string;
  email: string;
  full_name: string;
  role: Role;
  /** customer_number of the customer a customer user belongs to. */
  customer_number: string | null;
  password: string;
  qr?: string;
}

export const DEMO_ADMIN: DemoUser = {
  username: 'admin',
  email: 'admin@lagerwerk.de',
  full_name: 'Andrea Admin',
  role: 'admin',
  customer_number: null,
  password: 'Admin123!',
  qr: 'LW-DEMO-ADMIN-94e2c7d1a5f0',
};

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'lagerleitung',
    email: 'leitung@lagerwerk.de',
    full_name: 'Petra Lange',
    role: 'warehouse_manager',
    customer_number: null,
    password: 'Leitung123!',
    qr: 'LW-DEMO-LEITUNG-7f3a9c2e41b8',
  },
  {
    username: 'lager',
    email: 'lager@lagerwerk.de',
    full_name: 'Tim Becker',
    role: 'warehouse_worker',
    customer_number: null,
    password: 'Lager123!',
    qr: 'LW-DEMO-LAGER-0b5d8e17c6a3',
  },
  {
    username: 'kunde@mueller-naturkost.de',
    email: 'kunde@mueller-naturkost.de',
    full_name: 'Anna Müller',
    role: 'customer_user',
    customer_number: 'K-10001',
    password: 'Kunde123!',
  },
  {
    username: 'kunde@schmidt-elektronik.de',
    email: 'kunde@schmidt-elektronik.de',
    full_name: 'Jonas Schmidt',
    role: 'customer_user',
    customer_number: 'K-10002',
    password: 'Kunde123!',
  },
];

/** Whether a stored hash still verifies the public demo password; one scrypt per distinct hash, then remembered. */
const verdicts = new Map<string, boolean>();
async function isDemoPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  const key = `${hash}\u0000${password}`;
  let v = verdicts.get(key);
  if (v === undefined) {
    v = await verifyPassword(password, hash);
    if (verdicts.size > 1000) verdicts.clear();
    verdicts.set(key, v);
  }
  return v;
}

/**
 * E-mails of active users that still log in with a published demo password or
 * QR badge. Empty once every demo account has a new password and badge, or is deactivated.
 */
export async function publicDemoLogins(db: DbOrTrx): Promise<string[]> {
  const all = [DEMO_ADMIN, ...DEMO_USERS];
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash', 'qr_token_hash'])
    .where('is_active', '=', true)
    .where(
      'email',
      'in',
      all.map((d) => d.email),
    )
    .execute();
  const open: string[] = [];
  for (const d of all) {
    const row = rows.find((r) => r.email === d.email);
    if (!row) continue;
    const qrOpen = d.qr !== undefined && row.qr_token_hash === hashQrToken(d.qr);
    if (qrOpen || (await isDemoPassword(row.password_hash, d.password))) open.push(d.email);
  }
  return open;
}
