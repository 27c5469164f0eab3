import { sql } from 'kysely';
import { countryName } from '../../../shared/domain/countries';
import { buildSscc, GS1_PREFIX_PATTERN } from '../../../shared/domain/sscc';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { freightOrder } from './service';
import type { FreightLabel, LabelAddress } from './labels';

/**
 * What the forwarder e-mail and the pallet labels are made of: the company
 * (Einstellungen → Allgemein) as pickup/sender, the order's delivery address
 * and its freight pallets. SSCCs are given out once per pallet, from one
 * sequence under the GS1 company prefix, and kept with the pallet.
 */

const COMPANY_KEYS = ['company_name', 'company_street', 'company_postal_code', 'company_city', 'company_country', 'gs1_company_prefix'] as const;

export async function companySettings(db: DbOrTrx): Promise<Record<(typeof COMPANY_KEYS)[number], string | null>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...COMPANY_KEYS])
    .execute();
  const by = new Map(rows.map((r) => [r.key, r.value?.trim() || null]));
  return Object.fromEntries(COMPANY_KEYS.map((k) => [k, by.get(k) ?? null])) as Record<(typeof COMPANY_KEYS)[number], string | null>;
}

export function companyAddress(c: Awaited<ReturnType<typeof companySettings>>): LabelAddress | null {
  if (!c.company_name && !c.company_street) return null;
  return {
    name: c.company_name ?? '',
    street: c.company_street ?? '',
    city: [c.company_postal_code, c.company_city].filter(Boolean).join(' '),
    country: c.company_country ? countryName(c.company_country) : '',
  };
}

export interface FreightPalletRow {
  position: number;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  weight_kg: number | null;
  sscc: string | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

export async function palletsOf(db: DbOrTrx, orderId: number): Promise<FreightPalletRow[]> {
  const rows = await db
    .selectFrom('freight_pallets')
    .select(['id', 'position', 'length_cm', 'width_cm', 'height_cm', 'weight_kg', 'sscc'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ ...r, length_cm: num(r.length_cm), width_cm: num(r.width_cm), height_cm: num(r.height_cm), weight_kg: num(r.weight_kg) }));
}

/** Gives every pallet of the order without one an SSCC (locked rows, one sequence: unique even under concurrent calls). */
async function assignSsccs(trx: Trx, orderId: number, prefix: string): Promise<void> {
  const open = await trx
    .selectFrom('freight_pallets')
    .select('id')
    .where('order_id', '=', orderId)
    .where('sscc', 'is', null)
    .orderBy('position')
    .forUpdate()
    .execute();
  for (const p of open) {
    const { serial } = await sql<{ serial: string }>`SELECT nextval('sscc_serial_seq')::text AS serial`
      .execute(trx)
      .then((r) => r.rows[0] as { serial: string });
    const sscc = buildSscc(prefix, Number(serial));
    if (!sscc) throw new AppError('SSCC_RANGE_EXHAUSTED');
    await trx.updateTable('freight_pallets').set({ sscc }).where('id', '=', p.id).execute();
  }
}

/** Labels of an order's freight pallets; SSCCs assigned when a valid GS1 prefix is set. */
export async function freightLabels(trx: Trx, actor: Actor, id: number): Promise<{ orderNumber: string; labels: FreightLabel[] }> {
  const o = await freightOrder(trx, actor, id, true);
  const company = await companySettings(trx);
  const prefix = company.gs1_company_prefix && GS1_PREFIX_PATTERN.test(company.gs1_company_prefix) ? company.gs1_company_prefix : null;
  if (prefix) await assignSsccs(trx, id, prefix);
  const pallets = await palletsOf(trx, id);
  if (pallets.length === 0) throw new AppError('FREIGHT_NO_PALLETS', { number: o.order_number });
  const sender = companyAddress(company);
  const recipient: LabelAddress = {
    name: o.delivery_name,
    street: o.delivery_address,
    city: `${o.delivery_postal_code} ${o.delivery_city}`,
    country: countryName(o.delivery_country),
  };
  return {
    orderNumber: o.order_number,
    labels: pallets.map((p) => ({ ...p, total: pallets.length, orderNumber: o.order_number, sender, recipient, sscc: prefix ? p.sscc : null })),
  };
}
