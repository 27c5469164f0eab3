import {
  availabilityByLocation,
  bookInboundLocally,
  bookOutboundLocally,
  createProductLocally,
  findLocation,
  findProduct,
  type InboundBooking,
  type LocalProduct,
  type LocationAvailability,
  LocalStockError,
  type OutboundBooking,
} from '../../../sync/device/local';
import type { WsLocation } from '../../../sync/protocol';
import { db } from '../../db';

/**
 * The one place the stock scan screens (Einlagern, Auslagern) reach the
 * device's local booking functions: each answers from the working set in
 * Dexie and queues in the outbox, online and offline alike. When these move
 * to their feature module only the import above changes.
 */
export type { LocalProduct, LocationAvailability };
export { LocalStockError };

export const stockDevice = {
  findProduct: (code: string): Promise<LocalProduct | null> => findProduct(db, code),
  findLocation: (barcode: string): Promise<WsLocation | null> => findLocation(db, barcode),
  availability: (ean: string): Promise<LocationAvailability[]> => availabilityByLocation(db, ean),
  bookInbound: (b: InboundBooking) => bookInboundLocally(db, b),
  bookOutbound: (b: OutboundBooking) => bookOutboundLocally(db, b),
  createProduct: (p: Parameters<typeof createProductLocally>[1]) => createProductLocally(db, p),
};
