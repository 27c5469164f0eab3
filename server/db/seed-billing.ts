import { addDays, warehouseDayHour } from '../../shared/domain/warehouse-time';
import type { Actor } from '../auth/actor';
import { createInvoice } from '../features/billing/invoice-drafts';
import { finalizeInvoice } from '../features/billing/invoice-finalize';
import { takeStorageSnapshot } from '../features/billing/snapshots';
import type { Trx } from './index';

/**
 * Billing demo (docs/demo-data.md): the seller data of the invoices (company,
 * USt-IdNr., IBAN), a rate card for both demo customers, the storage
 * snapshots of the past six days and one final invoice of Müller over those
 * days (the demo week without today, whose end is not reached yet). Runs
 * after the event history, whose picks it charges.
 */

export const DEMO_SELLER = {
  company_name: 'Lagerwerk Fulfilment GmbH',
  company_street: 'Am Lagerplatz 1',
  company_postal_code: '33609',
  company_city: 'Bielefeld',
  vat_id: 'DE811234567',
  iban: 'DE02 1203 0000 0000 2020 51',
};

const DEMO_RATES: Record<string, Array<{ code: string; price_cents: number }>> = {
  'K-10001': [
    { code: 'storage_place_day', price_cents: 45 },
    { code: 'inbound_unit', price_cents: 8 },
    { code: 'pick_line', price_cents: 25 },
    { code: 'pick_unit', price_cents: 6 },
    { code: 'order_shipped', price_cents: 120 },
    { code: 'package', price_cents: 35 },
    { code: 'freight_pallet', price_cents: 1500 },
    { code: 'return_unit', price_cents: 90 },
  ],
  'K-10002': [
    { code: 'storage_place_day', price_cents: 50 },
    { code: 'inbound_unit', price_cents: 10 },
    { code: 'pick_unit', price_cents: 9 },
    { code: 'order_shipped', price_cents: 150 },
    { code: 'package', price_cents: 40 },
    { code: 'return_unit', price_cents: 110 },
  ],
};

export async function seedBillingDemo(trx: Trx, opts: { customerIds: Record<string, number>; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  await trx
    .insertInto('settings')
    .values(Object.entries(DEMO_SELLER).map(([key, value]) => ({ key, value, description: null })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  for (const [number, rates] of Object.entries(DEMO_RATES)) {
    const customerId = opts.customerIds[number];
    await trx
      .insertInto('customer_rates')
      .values(rates.map((r) => ({ customer_id: customerId, code: r.code as 'pick_unit', price_cents: r.price_cents })))
      .execute();
  }
  const today = warehouseDayHour(now).day;
  const from = addDays(today, -6);
  const to = addDays(today, -1);
  for (let day = from; day <= to; day = addDays(day, 1)) await takeStorageSnapshot(trx, day, now);
  // The seed's own actor: an admin without a user row (created_by stays empty).
  const system: Actor = {
    id: 0,
    username: 'seed',
    email: null,
    full_name: null,
    role: 'admin',
    is_admin: true,
    customer_id: null,
    scope: { kind: 'all' },
    session_version: 0,
  };
  const draft = await createInvoice(trx, system, { customer_id: opts.customerIds['K-10001'], period_from: from, period_to: to }, now, null);
  if (draft.lines.length > 0) await finalizeInvoice(trx, system, draft.id, now);
}
