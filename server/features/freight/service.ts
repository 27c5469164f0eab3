import { sql } from 'kysely';
import { isGermany } from '../../../shared/domain/countries';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/domain/order-status';
import { isFreightOrder } from '../../../shared/domain/shipping';
import { FREIGHT_MESSAGES } from '../../../shared/i18n/freight';
import {
  type FreightQuotation,
  formatCents,
  type RequestFreightQuote,
  type RequestFreightQuoteResponse,
  type SaveFreightQuote,
  type SaveFreightQuoteResponse,
  type ShipFreight,
} from '../../../shared/schemas/freight';
import type { ShipResponse } from '../../../shared/schemas/shipping';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { ORDER_HEAD_COLUMNS, ordersWithCustomer } from '../outbound-orders/order-head';
import { completeShipment, shippableOrder } from '../packing/ship';
import { writeStatusLog } from '../status-logs/writer';
import { palletDimensionsOf, recordFreightPallets } from './pallets';

/**
 * The quotation workflow of freight abroad (docs/fulfilment.md "Freight shipping"): a packed order gets a
 * quote request (stays packed, appears in the open list), staff save the
 * forwarder's price (integer cents) and notes, then ship it with the
 * forwarder's tracking number (packed → shipped, leaves the open list).
 * Routes are staff only; orders outside the caller's scope are 404.
 */

type QuotationRow = FreightQuotation & { status: OrderStatus };

function quotationQuery(db: DbOrTrx) {
  return ordersWithCustomer(db).select([
    ...ORDER_HEAD_COLUMNS,
    'o.freight_quote_requested_at',
    'o.freight_quote_price',
    'o.freight_quote_notes',
    'o.num_pallets',
    'o.pallet_dimensions',
  ]);
}

function toQuotation(r: Awaited<ReturnType<ReturnType<typeof quotationQuery>['executeTakeFirstOrThrow']>>): QuotationRow {
  const dims = palletDimensionsOf(r.pallet_dimensions);
  return { ...r, num_pallets: r.num_pallets ?? dims.length, pallet_dimensions: dims };
}

/** The order (locked), 404 outside the scope. */
export async function freightOrder(trx: DbOrTrx, actor: Actor, id: number, lock = false): Promise<QuotationRow> {
  let q = quotationQuery(trx).where('o.id', '=', id);
  if (lock) q = q.forUpdate('o');
  const r = await q.executeTakeFirst();
  if (!r || !canSeeCustomer(actor.scope, r.customer_id)) throw new AppError('ORDER_NOT_FOUND', { id });
  return toQuotation(r);
}

function assertOpen(o: QuotationRow): void {
  if (o.status !== 'packed' || o.freight_quote_requested_at === null) throw new AppError('FREIGHT_QUOTE_NOT_OPEN', { number: o.order_number });
}

/**
 * Quote only for packed freight orders abroad. The packing
 * station's parcel/freight choice never reaches the server (mark-packed has no
 * carrier), so this call is the packer's freight choice; what it cannot
 * override is the order's own booking: an order booked for a parcel carrier
 * (carrier_type 'parcel' with DHL, DPD, …) ships as parcels, the same carrier
 * defaults (spec §4) that open such an order in the station's parcel branch.
 * Germany ships freight directly from the station (shipFreightGermany).
 */
async function assertQuotable(trx: Trx, o: QuotationRow): Promise<void> {
  if (isGermany(o.delivery_country)) throw new AppError('FREIGHT_QUOTE_DOMESTIC', { number: o.order_number });
  const booking = await trx.selectFrom('outbound_orders').select(['carrier', 'carrier_type']).where('id', '=', o.id).executeTakeFirstOrThrow();
  if (!isFreightOrder({ ...booking, delivery_country: o.delivery_country }))
    throw new AppError('FREIGHT_QUOTE_PARCEL_ORDER', { number: o.order_number, carrier: booking.carrier ?? '' });
}

export async function requestFreightQuote(trx: Trx, actor: Actor, id: number, body: RequestFreightQuote): Promise<RequestFreightQuoteResponse> {
  const o = await freightOrder(trx, actor, id, true);
  if (o.status !== 'packed')
    throw new AppError('FREIGHT_QUOTE_NOT_PACKED', { number: o.order_number, status: ORDER_STATUS_LABELS[o.status], status_code: o.status });
  if (o.freight_quote_requested_at !== null) throw new AppError('FREIGHT_QUOTE_ALREADY_REQUESTED', { number: o.order_number });
  await assertQuotable(trx, o);
  await recordFreightPallets(trx, id, body.num_pallets, body.pallet_dimensions);
  const row = await trx
    .updateTable('outbound_orders')
    .set({
      freight_quote_requested_at: sql<Date>`now()`,
      carrier_type: 'freight',
      freight_quote_price: null,
      freight_quote_notes: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(['freight_quote_requested_at'])
    .executeTakeFirstOrThrow();
  await writeStatusLog(trx, actor, {
    event_type: 'freight_quote_requested',
    order_id: id,
    description: FREIGHT_MESSAGES.logQuoteRequested(o.order_number, body.num_pallets),
    event_data: { order_number: o.order_number, num_pallets: body.num_pallets, pallet_dimensions: body.pallet_dimensions },
  });
  return {
    message: FREIGHT_MESSAGES.quoteRequested(o.order_number),
    id,
    order_number: o.order_number,
    status: o.status,
    freight_quote_requested_at: row.freight_quote_requested_at,
    num_pallets: body.num_pallets,
    pallet_dimensions: body.pallet_dimensions,
  };
}

/** Open requests (packed, requested), oldest first. */
export async function listFreightQuotations(db: DbOrTrx, actor: Actor): Promise<FreightQuotation[]> {
  const rows = await quotationQuery(db)
    .where('o.status', '=', 'packed')
    .where('o.freight_quote_requested_at', 'is not', null)
    .where((eb) => inScope(eb, 'o.customer_id', actor.scope))
    .orderBy('o.freight_quote_requested_at')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => {
    const { status: _status, ...q } = toQuotation(r);
    return q;
  });
}

export async function saveFreightQuote(trx: Trx, actor: Actor, id: number, body: SaveFreightQuote): Promise<SaveFreightQuoteResponse> {
  const o = await freightOrder(trx, actor, id, true);
  assertOpen(o);
  await trx
    .updateTable('outbound_orders')
    .set({ freight_quote_price: body.price, freight_quote_notes: body.notes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await writeStatusLog(trx, actor, {
    event_type: 'freight_quote_saved',
    order_id: id,
    description: FREIGHT_MESSAGES.logQuoteSaved(o.order_number, formatCents(body.price)),
    event_data: { order_number: o.order_number, price_cents: body.price, notes: body.notes, previous_price_cents: o.freight_quote_price },
  });
  const { status: _status, ...q } = o;
  return { ...q, freight_quote_price: body.price, freight_quote_notes: body.notes, message: FREIGHT_MESSAGES.quoteSaved(o.order_number) };
}

export async function shipFreight(trx: Trx, actor: Actor, id: number, body: ShipFreight): Promise<ShipResponse> {
  const order = await shippableOrder(trx, actor, id, true);
  if (order.claimed) throw new AppError('SHIP_IN_PROGRESS', { number: order.order_number });
  const o = await freightOrder(trx, actor, id);
  assertOpen(o);
  const pallets = Math.max(1, o.num_pallets);
  return completeShipment(trx, actor, order, {
    query: {
      carrier: body.carrier,
      carrier_type: 'freight',
      num_labels: pallets,
      num_pallets: pallets,
      tracking_number: body.tracking_number,
      create_dhl_labels: false,
    },
    trackingNumbers: [body.tracking_number],
  });
}
