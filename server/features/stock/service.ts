import { sql } from 'kysely';
import { isStaff } from '../../../shared/domain/roles';
import type { InboundRequest, InboundResponse, OutboundRequest, OutboundResponse } from '../../../shared/schemas/stock';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { assertPlaceNotBlocked } from '../locations/blocked';
import { assertPlaceNotFrozen } from '../stocktakes/frozen';
import { bookInboundStatement, type InboundBooked } from './inbound-statement';
import { type MovementMeta, removeStock } from './ledger';
import { resolveScan } from './scan-context';

/**
 * Scan bookings. Each is one command `(trx, actor, input, meta?) => result`
 * used by the REST route (POST /inbound, POST /outbound) and by the offline
 * commands stock.inbound / stock.outbound; the result is the REST body and
 * the stored outcome of an applied mutation. Stock changes go through the
 * ledger only. `meta` links the movement rows to the sync mutation.
 */

export type BookingMeta = Pick<MovementMeta, 'client_id' | 'mutation_id'>;

/** Customer users never book; the route guard says so too, this keeps the rule in the command. */
function assertBookingAllowed(actor: Actor): void {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
}

/** Einlagern: one statement (inbound-statement.ts), so it runs inside a transaction or, alone, without one. */
export async function bookInbound(db: DbOrTrx, actor: Actor, input: InboundRequest, meta: BookingMeta = {}): Promise<InboundResponse> {
  assertInboundAllowed(actor, input);
  const booked = await bookInboundStatement(db, input, { user_id: actor.id, notes: input.notes, ...meta });
  return inboundResponse(input, booked);
}

/** Einlagern's checks before the statement (the set-based replay runs them too: inbound-many.ts). */
export function assertInboundAllowed(actor: Actor, input: InboundRequest): void {
  assertBookingAllowed(actor);
  // Visibility before existence: a hidden customer is answered like an unknown one (404).
  assertCustomerVisible(actor, input.customer_id);
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) throw new AppError('QUANTITY_INVALID');
}

export function inboundResponse(input: InboundRequest, booked: InboundBooked): InboundResponse {
  return {
    product_id: booked.product.id,
    product_title: booked.product.title,
    ean: booked.product.ean,
    customer_id: booked.customer_id,
    location_id: booked.location.id,
    location_barcode: booked.location.barcode,
    location_path: booked.location.path,
    quantity: input.quantity,
    stock_quantity: booked.stock_quantity,
    movement_id: booked.movement_id,
  };
}

/**
 * Takes goods out of one place. The candidate stock rows (visible customers,
 * or the named one) are locked in FEFO order — earliest expiry, then oldest
 * stock — so concurrent pickers queue on the rows instead of overselling;
 * each row is then reduced by the ledger's guarded UPDATE. Several rows are
 * combined when one batch or customer does not hold enough.
 */
export async function bookOutbound(trx: Trx, actor: Actor, input: OutboundRequest, meta: BookingMeta = {}): Promise<OutboundResponse> {
  assertBookingAllowed(actor);
  const customerId = input.customer_id ?? null;
  if (customerId !== null) assertCustomerVisible(actor, customerId);
  const { product, location: loc } = await resolveScan(trx, { ean: input.ean, location_barcode: input.location_barcode }, { allowInactiveLocation: true });
  // Goods on a blocked place stay there (docs/operations.md "Blocked places"); Einlagern into it stays allowed.
  await assertPlaceNotBlocked(trx, loc.id);
  // A place being counted keeps its stock still (docs/operations.md "Stocktake").
  await assertPlaceNotFrozen(trx, loc.id);
  const rows = await trx
    .selectFrom('stock')
    .select(['id', 'quantity', 'reserved_quantity'])
    .where('product_id', '=', product.id)
    .where('location_id', '=', loc.id)
    .where((eb) => (customerId !== null ? eb('customer_id', '=', customerId) : inScope(eb, 'stock.customer_id', actor.scope)))
    .where(sql<boolean>`quantity - reserved_quantity > 0`)
    .orderBy(sql`expiry_date ASC NULLS LAST`)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  const available = rows.reduce((s, r) => s + (r.quantity - r.reserved_quantity), 0);
  if (available < input.quantity) {
    throw new AppError('STOCK_INSUFFICIENT', { location: loc.barcode, available, requested: input.quantity });
  }
  const movementIds: number[] = [];
  let need = input.quantity;
  for (const r of rows) {
    if (need === 0) break;
    const take = Math.min(need, r.quantity - r.reserved_quantity);
    const change = await removeStock(
      trx,
      r.id,
      take,
      { movement_type: 'outbound', user_id: actor.id, notes: input.notes, ...meta },
      { locationLabel: loc.barcode },
    );
    movementIds.push(change.movement_id);
    need -= take;
  }
  return {
    product_id: product.id,
    product_title: product.title,
    ean: product.ean,
    quantity: input.quantity,
    location_id: loc.id,
    location_barcode: loc.barcode,
    location_path: loc.path,
    remaining_quantity: available - input.quantity,
    movement_ids: movementIds,
  };
}
