import { sql } from 'kysely';
import { addressProblems } from '../../../shared/domain/address';
import { normalizeCountry } from '../../../shared/domain/countries';
import { isCustomerUser } from '../../../shared/domain/roles';
import { fieldLabels } from '../../../shared/i18n/fields';
import type { DeliveryAddress, DeliveryAddressField } from '../../../shared/schemas/address';
import type { OrderItemInput, VeType } from '../../../shared/schemas/orders';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { reserveItem } from './reservations';

/**
 * What an order request brings, checked and written: the customer it is for,
 * the delivery address, and the lines with their reservations (service.ts
 * calls these from createOrder, updateOrder and updateDeliveryAddress).
 */

/** Which customer an order is for: customer users their own; staff must name a visible one. */
export async function customerFor(trx: Trx, actor: Actor, requested: number | null | undefined): Promise<number> {
  let customerId: number;
  if (isCustomerUser(actor)) {
    if (!actor.customer_id) throw new AppError('FORBIDDEN');
    customerId = actor.customer_id;
  } else {
    if (!requested) throw new AppError('CUSTOMER_REQUIRED');
    assertCustomerVisible(actor, requested);
    customerId = requested;
  }
  const customer = await trx.selectFrom('customers').select(['id', 'is_active', 'company_name']).where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
  if (!customer.is_active) throw new AppError('CUSTOMER_INACTIVE', { name: customer.company_name });
  return customerId;
}

/**
 * Normalises the country to its ISO code and applies the shared address rules
 * (German PLZ, house number). `keepCountry`: the order's current country stays
 * acceptable even if it was deactivated meanwhile.
 */
export async function checkedAddress(trx: Trx, a: DeliveryAddress, keepCountry?: string): Promise<DeliveryAddress> {
  const code = normalizeCountry(a.delivery_country);
  if (!code) throw new AppError('ORDER_COUNTRY_UNKNOWN', { country: a.delivery_country });
  if (code !== keepCountry) {
    const c = await trx.selectFrom('countries').select('code').where('code', '=', code).where('is_active', '=', true).executeTakeFirst();
    if (!c) throw new AppError('ORDER_COUNTRY_UNKNOWN', { country: a.delivery_country });
  }
  const out = { ...a, delivery_country: code, delivery_postal_code: a.delivery_postal_code.trim() };
  const problems = addressProblems(out);
  const first = Object.entries(problems)[0] as [DeliveryAddressField, string] | undefined;
  if (first) throw new AppError('ORDER_ADDRESS_INVALID', { field: fieldLabels[first[0]] ?? first[0], reason: first[1], path: first[0] });
  return out;
}

export interface PreparedItem {
  product_id: number;
  quantity: number;
  unit: string;
  notes: string | null;
  selected_ve_type: VeType | null;
  selected_ve_quantity: number | null;
  selected_ve_unit_size: number | null;
  title: string;
  base_unit: string;
  sort_index: number;
}

/** VE unit size in base units: box = units_per_box, pallet = units_per_box × boxes_per_pallet; null when not maintained. */
export function veUnitSize(type: VeType, p: { units_per_box: number | null; boxes_per_pallet: number | null }): number | null {
  if (!p.units_per_box) return null;
  if (type === 'box') return p.units_per_box;
  return p.boxes_per_pallet ? p.units_per_box * p.boxes_per_pallet : null;
}

/**
 * Validates the lines and computes each quantity in base units. Quantities of
 * VE lines come from the product master data, never from the client.
 * Only products the order's customer stores (or stored: a stock row of any
 * quantity) can be ordered; any other id is answered like an unknown one, so
 * the refusals, which name the product's title, cannot be used to read the
 * titles of other customers' products by probing ids.
 */
export async function prepareItems(trx: Trx, customerId: number, items: OrderItemInput[]): Promise<PreparedItem[]> {
  if (items.length === 0) throw new AppError('ORDER_ITEMS_REQUIRED');
  const seen = new Set<number>();
  for (const i of items) {
    if (seen.has(i.product_id)) throw new AppError('ORDER_ITEM_DUPLICATE', { product_id: i.product_id });
    seen.add(i.product_id);
  }
  const products = await trx
    .selectFrom('products')
    .select(['id', 'title', 'base_unit', 'units_per_box', 'boxes_per_pallet'])
    .where(
      'id',
      'in',
      items.map((i) => i.product_id),
    )
    .where((eb) =>
      eb.exists(eb.selectFrom('stock').select(sql`1`.as('one')).whereRef('stock.product_id', '=', 'products.id').where('stock.customer_id', '=', customerId)),
    )
    .execute();
  return items.map((i, idx) => {
    const p = products.find((x) => x.id === i.product_id);
    if (!p) throw new AppError('ORDER_PRODUCT_NOT_FOUND', { product_id: i.product_id });
    const base = { product_id: p.id, notes: i.notes, title: p.title, base_unit: p.base_unit, unit: p.base_unit, sort_index: idx };
    if (i.selected_ve_type) {
      const size = veUnitSize(i.selected_ve_type, p);
      if (!size) throw new AppError('ORDER_VE_TYPE_NOT_FOUND', { type: i.selected_ve_type === 'box' ? 'Karton' : 'Palette', title: p.title });
      if (!i.selected_ve_quantity) throw new AppError('ORDER_QUANTITY_REQUIRED');
      return {
        ...base,
        quantity: i.selected_ve_quantity * size,
        selected_ve_type: i.selected_ve_type,
        selected_ve_quantity: i.selected_ve_quantity,
        selected_ve_unit_size: size,
      };
    }
    if (!i.quantity) throw new AppError('ORDER_QUANTITY_REQUIRED');
    return { ...base, quantity: i.quantity, selected_ve_type: null, selected_ve_quantity: null, selected_ve_unit_size: null };
  });
}

/** Inserts the lines and reserves their stock (in product order, see reservations.ts). */
export async function writeItemsAndReserve(trx: Trx, orderId: number, customerId: number, items: PreparedItem[]): Promise<void> {
  const inserted = await trx
    .insertInto('outbound_order_items')
    .values(
      items.map((i) => ({
        order_id: orderId,
        product_id: i.product_id,
        quantity: i.quantity,
        unit: i.unit,
        notes: i.notes,
        selected_ve_type: i.selected_ve_type,
        selected_ve_quantity: i.selected_ve_quantity,
        selected_ve_unit_size: i.selected_ve_unit_size,
        sort_index: i.sort_index,
      })),
    )
    .returning(['id', 'product_id'])
    .execute();
  const byProduct = [...items].sort((a, b) => a.product_id - b.product_id);
  for (const i of byProduct) {
    const line = inserted.find((r) => r.product_id === i.product_id);
    if (!line) throw new AppError('INTERNAL');
    await reserveItem(trx, {
      order_item_id: line.id,
      customer_id: customerId,
      product_id: i.product_id,
      quantity: i.quantity,
      title: i.title,
      base_unit: i.base_unit,
      ve: i.selected_ve_type && i.selected_ve_unit_size ? { type: i.selected_ve_type, unit_size: i.selected_ve_unit_size } : null,
    });
  }
}
