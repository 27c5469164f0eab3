import { CHARGE_CODES } from '../../../shared/constants';
import type { RateCard } from '../../../shared/schemas/billing';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * The rate card of a customer (docs/operations.md "Billing (Abrechnung)"):
 * net cents per charge code; a code without a row is not charged. Admin only
 * (route guard), within the admin's customer scope.
 */

async function assertCustomer(db: DbOrTrx, actor: Actor, customerId: number): Promise<void> {
  assertCustomerVisible(actor, customerId);
  const c = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!c) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
}

/** The card in CHARGE_CODES order (what an invoice prices with). */
export async function loadRates(db: DbOrTrx, customerId: number): Promise<RateCard> {
  const rows = await db.selectFrom('customer_rates').select(['code', 'price_cents']).where('customer_id', '=', customerId).execute();
  const order = (code: string) => CHARGE_CODES.indexOf(code as (typeof CHARGE_CODES)[number]);
  return { rates: rows.sort((a, b) => order(a.code) - order(b.code)) };
}

export async function getRates(db: DbOrTrx, actor: Actor, customerId: number): Promise<RateCard> {
  await assertCustomer(db, actor, customerId);
  return loadRates(db, customerId);
}

/** Replaces the card; the customer row is locked so two saves apply one after the other. */
export async function putRates(trx: Trx, actor: Actor, customerId: number, card: RateCard): Promise<RateCard> {
  assertCustomerVisible(actor, customerId);
  const c = await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirst();
  if (!c) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
  await trx.deleteFrom('customer_rates').where('customer_id', '=', customerId).execute();
  if (card.rates.length > 0) {
    await trx
      .insertInto('customer_rates')
      .values(card.rates.map((r) => ({ customer_id: customerId, code: r.code, price_cents: r.price_cents })))
      .execute();
  }
  return loadRates(trx, customerId);
}
