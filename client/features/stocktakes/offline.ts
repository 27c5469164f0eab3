import { STOCKTAKE_COUNT_UI } from '../../../shared/i18n/stocktake-count';
import { texts } from '../../../shared/i18n/translate';
import {
  StocktakeCountCommand,
  StocktakePlaceDoneCommand,
  StocktakePlaceEntity,
  type WsStocktakeCount,
  type WsStocktakePlace,
} from '../../../shared/schemas/stocktake';
import { overlayRow } from '../../../sync/device/overlay';
import { defineDeviceCommand, deviceTable } from '../../../sync/device/registry';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';
import { findLocation, findProduct, LocalStockError, pendingEntries, stockOfProduct } from '../stock/local-stock';

/**
 * Counting a stocktake on the device (docs/operations.md "Stocktake"): the
 * working-set table of the counting stocktakes' places (no expected
 * quantities) and the offline commands stocktake.count and
 * stocktake.place_done, whose args are the REST bodies plus the ids of the
 * path. A place outside the stocktake and a product of several customers
 * without a chosen one are refused at once with the server's codes. What the
 * person counted at a place is the pulled counts with the queued counts laid
 * over them (the same product, customer and batch again replaces the count).
 */
export const stocktakePlaceTable = deviceTable(StocktakePlaceEntity, 'id, stocktake_id, location_id');

const PLACES = StocktakePlaceEntity.name;
const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The places of a counting stocktake on the device, "Platz fertig" of queued entries laid over. */
export async function localStocktakePlaces(db: LagerwerkDb, stocktakeId?: number): Promise<WsStocktakePlace[]> {
  const rows = stocktakeId === undefined ? await db.stocktakePlaces.toArray() : await db.stocktakePlaces.where('stocktake_id').equals(stocktakeId).toArray();
  return overlaid(db, rows);
}

/** Rows with the row patches of the uncovered entries; only the few patched rows are copied (a stocktake may hold thousands of places). */
async function overlaid(db: LagerwerkDb, rows: WsStocktakePlace[]): Promise<WsStocktakePlace[]> {
  const entries = (await pendingEntries(db)).filter((e) => e.effect?.rows?.some((p) => p.table === PLACES));
  const patched = new Set(entries.flatMap((e) => (e.effect?.rows ?? []).map((p) => p.id)));
  return rows.map((r) => (patched.has(r.id) ? overlayRow(PLACES, r, entries).row : r));
}

/** One place of the device by its id (the screen's current place), "Platz fertig" laid over. */
export async function stocktakePlaceById(db: LagerwerkDb, id: number): Promise<WsStocktakePlace | null> {
  const row = await db.stocktakePlaces.get(id);
  return row ? (await overlaid(db, [row]))[0] : null;
}

/**
 * The place behind a scanned barcode as pulled (looked up by its place id, not by reading every place of
 * the stocktake); when the stocktake is on the device, the server's refusals in its order: an unknown
 * barcode (LOCATION_NOT_FOUND), a place not in the stocktake (STOCKTAKE_PLACE_NOT_IN). The commands' plans
 * need no overlay (number, barcode and id do not change).
 */
async function placeRow(db: LagerwerkDb, stocktakeId: number, barcode: string): Promise<WsStocktakePlace | null> {
  const loc = await findLocation(db, barcode);
  const rows = loc ? await db.stocktakePlaces.where('location_id').equals(loc.id).toArray() : [];
  const row = rows.find((p) => p.stocktake_id === stocktakeId);
  if (row) return row;
  const any = await db.stocktakePlaces.where('stocktake_id').equals(stocktakeId).first();
  // A stocktake the device does not hold (not pulled yet): the server decides.
  if (!any) return null;
  if (!loc) throw new LocalStockError('LOCATION_NOT_FOUND', { barcode: barcode.trim() });
  throw new LocalStockError('STOCKTAKE_PLACE_NOT_IN', { barcode: loc.barcode, number: any.number });
}

/** The place behind a scanned barcode with "Platz fertig" of queued entries laid over (see placeRow). */
export async function stocktakePlace(db: LagerwerkDb, stocktakeId: number, barcode: string): Promise<WsStocktakePlace | null> {
  const row = await placeRow(db, stocktakeId, barcode);
  return row ? (await overlaid(db, [row]))[0] : null;
}

const countKey = (c: Pick<WsStocktakeCount, 'ean' | 'customer_id' | 'batch_number'>) => `${c.ean}\u0000${c.customer_id}\u0000${c.batch_number}`;

/** What this person counted at the place: the pulled counts, then the queued ones in order (last write wins). */
export async function countsAt(db: LagerwerkDb, place: WsStocktakePlace): Promise<Array<WsStocktakeCount & { pending: boolean }>> {
  const out = new Map(place.counts.map((c) => [countKey(c), { ...c, pending: false }]));
  for (const e of await pendingEntries(db)) {
    if (e.name !== StocktakeCountCommand.name) continue;
    const a = StocktakeCountCommand.args.safeParse(e.args);
    if (!a.success || a.data.stocktake_id !== place.stocktake_id || !sameCode(a.data.location_barcode, place.location_barcode)) continue;
    const c = { ean: a.data.ean, customer_id: a.data.customer_id ?? 0, batch_number: a.data.batch_number?.trim() ?? '', counted: a.data.quantity };
    out.delete(countKey(c));
    out.set(countKey(c), { ...c, pending: true });
  }
  return [...out.values()];
}

/**
 * Whose goods a count of the product at the place is, as the server decides it (counts.ts customerFor):
 * the one customer with stock or a count of it there, else its only customer in stock; null: ask the person.
 */
export async function countCustomer(db: LagerwerkDb, place: WsStocktakePlace, ean: string, batch: string): Promise<number | null> {
  const rows = await stockOfProduct(db, ean);
  const here = new Set(rows.filter((r) => r.location_id === place.location_id && r.batch_number === batch).map((r) => r.customer_id));
  for (const c of await countsAt(db, place)) if (c.ean === ean && c.batch_number === batch && c.customer_id > 0) here.add(c.customer_id);
  if (here.size > 0) return here.size === 1 ? [...here][0] : null;
  const owners = new Set(rows.map((r) => r.customer_id));
  return owners.size === 1 ? [...owners][0] : null;
}

/** Batches of the product the device knows at the place (the screen asks for a batch when there are any). */
export async function batchesAt(db: LagerwerkDb, locationId: number, ean: string): Promise<string[]> {
  const rows = await stockOfProduct(db, ean);
  return [...new Set(rows.filter((r) => r.location_id === locationId && r.batch_number !== '').map((r) => r.batch_number))].sort();
}

export const stocktakeCount = defineDeviceCommand(StocktakeCountCommand, async (args, db: LagerwerkDb) => {
  const [place, product] = await Promise.all([placeRow(db, args.stocktake_id, args.location_barcode), findProduct(db, args.ean)]);
  const title = product?.title ?? `EAN ${args.ean}`;
  const label = texts(STOCKTAKE_COUNT_UI).countLabel(
    place?.number ?? String(args.stocktake_id),
    title,
    place?.location_barcode ?? args.location_barcode,
    args.quantity,
  );
  if (place && product && args.customer_id === undefined && (await countCustomer(db, place, product.ean, args.batch_number?.trim() ?? '')) === null) {
    throw new LocalStockError('STOCKTAKE_CUSTOMER_REQUIRED', { ean: args.ean });
  }
  return { label };
});

export const stocktakePlaceDone = defineDeviceCommand(StocktakePlaceDoneCommand, async (args, db: LagerwerkDb) => {
  const place = await placeRow(db, args.stocktake_id, args.location_barcode);
  return {
    label: texts(STOCKTAKE_COUNT_UI).placeDoneLabel(place?.number ?? String(args.stocktake_id), place?.location_barcode ?? args.location_barcode),
    effect: place ? { rows: [{ table: PLACES, id: place.id, set: { done: true } }] } : undefined,
  };
});

export const stocktakeCommands = [stocktakeCount, stocktakePlaceDone];

export interface CountBooking {
  userId: number;
  place: WsStocktakePlace;
  ean: string;
  quantity: number;
  batchNumber: string;
  customerId: number;
}

/** A count from the screen: queues stocktake.count (the same product, customer and batch again replaces it). */
export function countLocally(db: LagerwerkDb, b: CountBooking): Promise<OutboxEntry> {
  return stocktakeCount.enqueue(db, b.userId, {
    stocktake_id: b.place.stocktake_id,
    location_barcode: b.place.location_barcode,
    ean: b.ean,
    quantity: b.quantity,
    batch_number: b.batchNumber || null,
    customer_id: b.customerId,
  });
}

/** "Platz fertig" from the screen: queues stocktake.place_done. */
export function placeDoneLocally(db: LagerwerkDb, userId: number, place: WsStocktakePlace): Promise<OutboxEntry> {
  return stocktakePlaceDone.enqueue(db, userId, { stocktake_id: place.stocktake_id, location_barcode: place.location_barcode });
}
