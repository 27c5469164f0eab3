import { sql, type UpdateObject } from 'kysely';
import { addressProblems, type AddressField } from '../../../shared/domain/address';
import { normalizeCountry } from '../../../shared/domain/countries';
import { checkOrderAction, ORDER_ACTION_LABELS, ORDER_STATUS_LABELS, type OrderAction, orderTargetStatus } from '../../../shared/domain/order-status';
import { isCustomerUser } from '../../../shared/domain/roles';
import { fieldLabels } from '../../../shared/i18n/fields';
import type { DeliveryAddressPatch, OrderItemInput, OrderRequest, OutboundOrder, VeType } from '../../../shared/schemas/orders';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { getOrder, type LockedOrder, lockOrder } from './queries';
import { releaseOrder, reserveItem } from './reservations';

/**
 * Commands on outbound orders. Transactions start in the route; each command
 * on an existing order locks its row first and asks the shared status machine
 * (shared/domain/order-status.ts) whether the actor may act in that state:
 * wrong role 403, wrong state 409 with the German detail.
 */

export function assertOrderAction(actor: Actor, o: Pick<LockedOrder, 'order_number' | 'status'>, action: OrderAction): void {
  const check = checkOrderAction(actor, o.status, action);
  if (check.ok) return;
  if (check.reason === 'role') throw new AppError('FORBIDDEN');
  throw new AppError('ORDER_STATUS_CONFLICT', {
    number: o.order_number,
    status: ORDER_STATUS_LABELS[o.status],
    action: ORDER_ACTION_LABELS[action],
  });
}

/** Which customer an order is for: customer users their own; staff must name a visible one. */
async function customerFor(trx: Trx, actor: Actor, requested: number | null | undefined): Promise<number> {
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

interface AddressValues {
  delivery_name: string;
  delivery_email: string | null;
  delivery_address: string;
  delivery_city: string;
  delivery_postal_code: string;
  delivery_country: string;
}

/**
 * Normalises the country to its ISO code and applies the shared address rules
 * (German PLZ, house number). `keepCountry`: the order's current country stays
 * acceptable even if it was deactivated meanwhile.
 */
async function checkedAddress(trx: Trx, a: AddressValues, keepCountry?: string): Promise<AddressValues> {
  const code = normalizeCountry(a.delivery_country);
  if (!code) throw new AppError('ORDER_COUNTRY_UNKNOWN', { country: a.delivery_country });
  if (code !== keepCountry) {
    const c = await trx.selectFrom('countries').select('code').where('code', '=', code).where('is_active', '=', true).executeTakeFirst();
    if (!c) throw new AppError('ORDER_COUNTRY_UNKNOWN', { country: a.delivery_country });
  }
  const out = { ...a, delivery_country: code, delivery_postal_code: a.delivery_postal_code.trim() };
  const problems = addressProblems(out);
  const first = Object.entries(problems)[0] as [AddressField, string] | undefined;
  if (first) throw new AppError('ORDER_ADDRESS_INVALID', { field: fieldLabels[first[0]] ?? first[0], reason: first[1], path: first[0] });
  return out;
}

interface PreparedItem {
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
 * titles of other customers' products by probing ids (issue 16, defect 9).
 */
async function prepareItems(trx: Trx, customerId: number, items: OrderItemInput[]): Promise<PreparedItem[]> {
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
async function writeItemsAndReserve(trx: Trx, orderId: number, customerId: number, items: PreparedItem[]): Promise<void> {
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

function addressOf(input: OrderRequest): AddressValues {
  return {
    delivery_name: input.delivery_name,
    delivery_email: input.delivery_email,
    delivery_address: input.delivery_address,
    delivery_city: input.delivery_city,
    delivery_postal_code: input.delivery_postal_code,
    delivery_country: input.delivery_country,
  };
}

export async function createOrder(trx: Trx, actor: Actor, input: OrderRequest): Promise<OutboundOrder> {
  const customerId = await customerFor(trx, actor, input.customer_id);
  const address = await checkedAddress(trx, addressOf(input));
  const items = await prepareItems(trx, customerId, input.items);
  const row = await trx
    .insertInto('outbound_orders')
    .values({
      // A-<year>-<6-digit sequence>: unique through the sequence, sorts by creation.
      order_number: sql<string>`'A-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      customer_id: customerId,
      ...address,
      notes: input.notes,
      created_by: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeItemsAndReserve(trx, row.id, customerId, items);
  return getOrder(trx, actor, row.id);
}

/**
 * Customer edit while new: head and lines are replaced. The old reservations
 * are released and the new lines reserved in the same transaction, so the
 * order's own units count as available for the edit and a refused edit
 * leaves the order and its reservations exactly as they were.
 */
export async function updateOrder(trx: Trx, actor: Actor, id: number, input: OrderRequest): Promise<OutboundOrder> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, 'edit');
  const address = await checkedAddress(trx, addressOf(input), o.delivery_country);
  const items = await prepareItems(trx, o.customer_id, input.items);
  await releaseOrder(trx, id);
  await trx.deleteFrom('outbound_order_items').where('order_id', '=', id).execute();
  await trx
    .updateTable('outbound_orders')
    .set({ ...address, notes: input.notes, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  await writeItemsAndReserve(trx, id, o.customer_id, items);
  return getOrder(trx, actor, id);
}

/** Staff correct the delivery address (carrier rules apply); delivery_email absent = unchanged (packing-station variant). */
export async function updateDeliveryAddress(trx: Trx, actor: Actor, id: number, input: DeliveryAddressPatch): Promise<OutboundOrder> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, 'edit_address');
  const current = await trx.selectFrom('outbound_orders').select('delivery_email').where('id', '=', id).executeTakeFirstOrThrow();
  const email = input.delivery_email === undefined ? current.delivery_email : input.delivery_email?.trim() || null;
  const address = await checkedAddress(
    trx,
    {
      delivery_name: input.delivery_name,
      delivery_email: email,
      delivery_address: input.delivery_address,
      delivery_city: input.delivery_city,
      delivery_postal_code: input.delivery_postal_code,
      delivery_country: input.delivery_country,
    },
    o.delivery_country,
  );
  await trx
    .updateTable('outbound_orders')
    .set({ ...address, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  return getOrder(trx, actor, id);
}

/** The timestamps a transition records; the status itself comes from the machine's target table. */
type OrderStamps = Omit<UpdateObject<Database, 'outbound_orders'>, 'status'>;

/**
 * Locks the order, asks the status machine for `action`, applies one update
 * (the target status from ORDER_TARGET plus the action's timestamps), answers
 * the fresh order.
 */
async function transition(
  trx: Trx,
  actor: Actor,
  id: number,
  action: OrderAction,
  stamps: OrderStamps,
  before?: () => Promise<unknown>,
): Promise<OutboundOrder> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, action);
  await before?.();
  const status = orderTargetStatus(action);
  await trx
    .updateTable('outbound_orders')
    .set({ ...stamps, ...(status ? { status } : {}), updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  return getOrder(trx, actor, id);
}

export function confirmOrder(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'confirm', { confirmed_at: sql<string>`now()` });
}

export function startPicking(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'start_picking', { picking_started_at: sql<string>`now()` });
}

/**
 * End of picking: records picking_completed_at; the order stays `picking`
 * until the packing station marks it packed (see order-status.ts). A repeat
 * (a retried request) keeps the first time.
 */
export function completePicking(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'complete_picking', { picking_completed_at: sql<string>`coalesce(picking_completed_at, now())` });
}

/** Cancelling keeps the order and its lines but gives back every remaining reservation. */
export function cancelOrder(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'cancel', { cancelled_at: sql<string>`now()` }, () => releaseOrder(trx, id));
}
