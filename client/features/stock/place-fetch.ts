import { errorText } from '../../../shared/i18n/errors/index';
import { PlaceLookupResponse, type WsLocation } from '../../../shared/schemas/locations';
import { putPackedRows } from '../../../sync/device/pack-writer';
import { apiGet } from '../../app/api';
import type { LagerwerkDb } from '../../db';
import { findLocation, LocalStockError } from './local-stock';
import { askServer, type LookupNet } from './online-lookup';

/**
 * A scanned place on a staff device whose user has an Arbeitsbereich: the device holds that area's
 * places, not the whole warehouse (docs/sync.md "Entities"). A place it does not hold is asked from
 * the server's place lookup (./online-lookup.ts) and kept with its stock rows, so Einlagern,
 * Auslagern, Umlagern, Inventur zählen and Retoure annehmen book there, offline too, until the next reset.
 */

export type PlaceNet = LookupNet<PlaceLookupResponse>;

export const browserPlaceNet: PlaceNet = {
  online: () => navigator.onLine,
  lookup: (code, signal) => apiGet(`/locations/lookup/${encodeURIComponent(code)}`, PlaceLookupResponse, { signal, keepSessionOn401: true }),
};

export type PlaceScan = { place: WsLocation; error: null } | { place: null; error: string };

/**
 * A scanned code's place: the device first, then the server. A miss throws the refusal: unknown to
 * the server too is LOCATION_NOT_FOUND; offline, no answer in time or a failed lookup PLACE_NOT_ON_DEVICE.
 */
export async function placeOnDevice(db: LagerwerkDb, code: string, net: PlaceNet = browserPlaceNet): Promise<WsLocation> {
  const local = await findLocation(db, code);
  if (local) return local;
  const barcode = code.trim();
  const a = await askServer(net, barcode);
  if (a.kind !== 'answer') throw new LocalStockError(a.kind === 'unknown' ? 'LOCATION_NOT_FOUND' : 'PLACE_NOT_ON_DEVICE', { barcode });
  await putPackedRows(db, db.locations.spec, [a.answer.location]);
  if (a.answer.stock.length > 0) await putPackedRows(db, db.stockRows.spec, a.answer.stock);
  return a.answer.location;
}

/** placeOnDevice with the refusal as text (the user's language), for the scan screens' fields. */
export async function scanPlace(db: LagerwerkDb, code: string, net: PlaceNet = browserPlaceNet): Promise<PlaceScan> {
  try {
    return { place: await placeOnDevice(db, code, net), error: null };
  } catch (e) {
    if (e instanceof LocalStockError) return { place: null, error: errorText(e.code, e.params) };
    throw e;
  }
}
