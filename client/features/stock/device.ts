import type { WsLocation } from '../../../shared/schemas/locations';
import { db } from '../../db';
import { createProductLocally } from '../products/offline';
import { availabilityByLocation, findLocation, findProduct, type LocalProduct, type LocationAvailability, LocalStockError } from './local-stock';
import { type PlaceScan, scanPlace } from './place-fetch';
import { type ProductScan, scanProduct } from './product-fetch';
import { bookInboundLocally, bookOutboundLocally, type InboundBooking, type OutboundBooking } from './offline';

/**
 * The one place the stock scan screens (Einlagern, Auslagern) reach the
 * device's local booking functions: each answers from the working set in
 * Dexie and queues in the outbox (the stock feature's offline commands,
 * ./offline.ts), online and offline alike.
 */
export type { LocalProduct, LocationAvailability };
export { LocalStockError };

export const stockDevice = {
  findProduct: (code: string): Promise<LocalProduct | null> => findProduct(db, code),
  /** The device first, then the server's lookup, kept on the device (product-fetch.ts). */
  scanProduct: (code: string): Promise<ProductScan> => scanProduct(db, code),
  findLocation: (barcode: string): Promise<WsLocation | null> => findLocation(db, barcode),
  /** The device first, then the server's place lookup, kept on the device with its stock (place-fetch.ts). */
  scanPlace: (barcode: string): Promise<PlaceScan> => scanPlace(db, barcode),
  availability: (ean: string): Promise<LocationAvailability[]> => availabilityByLocation(db, ean),
  bookInbound: (b: InboundBooking) => bookInboundLocally(db, b),
  bookOutbound: (b: OutboundBooking) => bookOutboundLocally(db, b),
  createProduct: (p: Parameters<typeof createProductLocally>[1]) => createProductLocally(db, p),
};
