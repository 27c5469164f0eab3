import type { WsLocation } from '../../../shared/schemas/locations';
import { db } from '../../db';
import { findLocation, findProduct, type LocalProduct } from '../stock/local-stock';
import { type PlaceScan, scanPlace } from '../stock/place-fetch';
import { type ProductScan, scanProduct } from '../stock/product-fetch';
import { type RelocationBooking, type RelocationSource, relocateLocally, relocationSources } from './offline';

/**
 * The one place the Umlagern screen reaches the device: reads of the local
 * working set and the queued command (./offline.ts), online and offline alike.
 */
export type { LocalProduct, RelocationSource };

export const relocationDevice = {
  findProduct: (code: string): Promise<LocalProduct | null> => findProduct(db, code),
  /** The device first, then the server's lookup, kept on the device (stock/product-fetch.ts). */
  scanProduct: (code: string): Promise<ProductScan> => scanProduct(db, code),
  findLocation: (barcode: string): Promise<WsLocation | null> => findLocation(db, barcode),
  /** The device first, then the server's place lookup, kept on the device with its stock (stock/place-fetch.ts). */
  scanPlace: (barcode: string): Promise<PlaceScan> => scanPlace(db, barcode),
  sources: (ean: string, locationId: number): Promise<RelocationSource[]> => relocationSources(db, ean, locationId),
  relocate: (b: RelocationBooking) => relocateLocally(db, b),
};
