import type { LagerwerkDb, OutboxEntry } from '../../../client/db';
import { availabilityByLocation, findLocation, LocalStockError } from '../../../client/features/stock/local-stock';
import { bookInboundLocally, bookOutboundLocally } from '../../../client/features/stock/offline';
import type { WsLocation } from '../../../shared/schemas/locations';

/** The stock feature's device functions as the device tests use them (client/features/stock/). */

export { LocalStockError };

export interface DeviceProduct {
  ean: string;
  title: string;
}

/** The place as the device knows it from its working set (a pull must have run). */
export async function placeOnDevice(db: LagerwerkDb, barcode: string): Promise<WsLocation> {
  const loc = await findLocation(db, barcode);
  if (!loc) throw new Error(`place ${barcode} is not in the device's working set`);
  return loc;
}

/** Einlagern on the device: queued with its optimistic effect. */
export async function bookIn(
  db: LagerwerkDb,
  b: { userId: number; product: DeviceProduct; quantity: number; location: WsLocation; customerId: number },
): Promise<OutboxEntry> {
  return bookInboundLocally(db, { userId: b.userId, ean: b.product.ean, quantity: b.quantity, location: b.location, customerId: b.customerId, notes: '' });
}

/** Auslagern on the device: checked against the local numbers, then queued (throws LocalStockError). */
export async function bookOut(db: LagerwerkDb, b: { userId: number; product: DeviceProduct; quantity: number; location: WsLocation }): Promise<OutboxEntry> {
  return bookOutboundLocally(db, { userId: b.userId, ean: b.product.ean, quantity: b.quantity, location: b.location, notes: '' });
}

/** What the device shows as available of the product at the place (undefined: the place is not listed). */
export async function availableOnDevice(db: LagerwerkDb, ean: string, barcode: string): Promise<number | undefined> {
  return (await availabilityByLocation(db, ean)).find((a) => a.location.barcode === barcode)?.available;
}

/** The places the device lists for the product (an empty list: nothing to take). */
export async function placesOnDevice(db: LagerwerkDb, ean: string): Promise<string[]> {
  return (await availabilityByLocation(db, ean)).map((a) => a.location.barcode);
}
