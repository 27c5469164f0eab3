import type { WsStocktakePlace } from '../../../shared/schemas/stocktake';
import { db } from '../../db';
import { findProduct, type LocalProduct } from '../stock/local-stock';
import { placeOnDevice } from '../stock/place-fetch';
import { type ProductScan, scanProduct } from '../stock/product-fetch';
import {
  batchesAt,
  type CountBooking,
  countCustomer,
  countLocally,
  countsAt,
  localStocktakePlaces,
  placeDoneLocally,
  stocktakePlace,
  stocktakePlaceById,
} from './offline';

/**
 * The one place the "Inventur zählen" screen reaches the device: reads of the
 * local working set and the queued commands (./offline.ts), online and
 * offline alike. Never an expected quantity: the device holds none.
 */
export type { LocalProduct };

/** A counting stocktake as the handheld lists it. */
export interface CountingStocktake {
  id: number;
  number: string;
  name: string;
  places: number;
  done: number;
  /** The first few places not done yet, by barcode. */
  open: string[];
}

const OPEN_SHOWN = 5;

/** One count of this person at the place, with the article's title. */
export interface PlaceCount {
  ean: string;
  title: string;
  customer_id: number;
  batch_number: string;
  counted: number;
  pending: boolean;
}

async function stocktakes(): Promise<CountingStocktake[]> {
  const byId = new Map<number, CountingStocktake>();
  for (const p of await localStocktakePlaces(db)) {
    const s = byId.get(p.stocktake_id) ?? { id: p.stocktake_id, number: p.number, name: p.name, places: 0, done: 0, open: [] };
    s.places++;
    if (p.done) s.done++;
    else s.open.push(p.location_barcode);
    byId.set(s.id, s);
  }
  const list = [...byId.values()].sort((a, b) => a.number.localeCompare(b.number));
  for (const s of list) s.open = s.open.sort((a, b) => a.localeCompare(b, 'de', { numeric: true })).slice(0, OPEN_SHOWN);
  return list;
}

/** The place (done flag of queued entries laid over) and what this person counted there. */
async function placeView(placeId: number): Promise<{ place: WsStocktakePlace; counts: PlaceCount[] } | null> {
  const place = await stocktakePlaceById(db, placeId);
  if (!place) return null;
  const counts = await Promise.all((await countsAt(db, place)).map(async (c) => ({ ...c, title: (await findProduct(db, c.ean))?.title ?? `EAN ${c.ean}` })));
  return { place, counts };
}

export const countDevice = {
  stocktakes,
  placeView,
  /** A place the device does not hold is fetched first (stock/place-fetch.ts); a miss throws its refusal. */
  place: async (stocktakeId: number, barcode: string) => {
    await placeOnDevice(db, barcode);
    return stocktakePlace(db, stocktakeId, barcode);
  },
  findProduct: (code: string) => findProduct(db, code),
  /** The device first, then the server's lookup, kept on the device (stock/product-fetch.ts). */
  scanProduct: (code: string): Promise<ProductScan> => scanProduct(db, code),
  customer: (place: WsStocktakePlace, ean: string, batch: string) => countCustomer(db, place, ean, batch),
  batches: (locationId: number, ean: string) => batchesAt(db, locationId, ean),
  count: (b: CountBooking) => countLocally(db, b),
  done: (userId: number, place: WsStocktakePlace) => placeDoneLocally(db, userId, place),
};
