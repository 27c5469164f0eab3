import type { TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { takeStorageSnapshot } from '../../../server/features/billing/snapshots';
import { buildBillingWorld, D } from './world';

/**
 * The billing world (world.ts) with a rate card for its customer, seller
 * settings and the customer's address, for the invoice tests. Day D of the
 * customer, priced (package has no price, so no line):
 *   storage_place_day 3 × 35 = 105, inbound_unit 20 × 12 = 240,
 *   pick_line 2 × 20 = 40, pick_unit 5 × 7 = 35, order_shipped 2 × 150 = 300,
 *   freight_pallet 3 × 1999 = 5997, return_unit 2 × 133 = 266
 *   net 6983, VAT 19 % = 1326.77 → 1327, gross 8310.
 */
export const RATES = [
  { code: 'storage_place_day', price_cents: 35 },
  { code: 'inbound_unit', price_cents: 12 },
  { code: 'pick_line', price_cents: 20 },
  { code: 'pick_unit', price_cents: 7 },
  { code: 'order_shipped', price_cents: 150 },
  { code: 'freight_pallet', price_cents: 1999 },
  { code: 'return_unit', price_cents: 133 },
] as const;

export const SELLER = {
  company_name: 'Lagerwerk Fulfilment GmbH',
  company_street: 'Hafenstraße 7',
  company_postal_code: '20457',
  company_city: 'Hamburg',
  vat_id: 'DE123456789',
  iban: 'DE89 3704 0044 0532 0130 00',
};

export async function buildInvoiceWorld(t: TestApp) {
  const w = await buildBillingWorld(t);
  await takeStorageSnapshot(t.db, D);
  const admin = auth(t.app, await buildUser(t.db, 'admin'));
  const res = await t.app.inject({ method: 'PUT', url: `/api/customers/${w.customer.id}/rates`, headers: admin, payload: { rates: RATES } });
  if (res.statusCode !== 200) throw new Error(res.body);
  await t.db
    .insertInto('settings')
    .values(Object.entries(SELLER).map(([key, value]) => ({ key, value, description: null })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
  await t.db
    .updateTable('customers')
    .set({ company_name: 'Seifen & Söhne KG', address_line1: 'Marktplatz 3', postal_code: '80331', city: 'München', email: 'buchhaltung@seifen.example' })
    .where('id', '=', w.customer.id)
    .execute();
  const own = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: w.customer.id }));
  const foreign = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: w.other.id }));
  return { ...w, admin, own, foreign };
}

export function invoiceApi(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    create: (h: Record<string, string>, body: object) => call('POST', '/invoices', h, body),
    get: (h: Record<string, string>, id: number, suffix = '') => call('GET', `/invoices/${id}${suffix}`, h),
    list: (h: Record<string, string>, query = '') => call('GET', `/invoices${query}`, h),
    action: (h: Record<string, string>, id: number, action: 'finalize' | 'cancel' | 'recompute') => call('POST', `/invoices/${id}/${action}`, h),
    remove: (h: Record<string, string>, id: number) => call('DELETE', `/invoices/${id}`, h),
  };
}

/** The Europe/Berlin year now (the year of a number given today). */
export const berlinYear = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(new Date());
