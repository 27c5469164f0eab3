import type { ReturnDisposition } from '../../../shared/domain/returns';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { RETURN_RECEIVE_UI } from '../../../shared/i18n/returns';
import { texts } from '../../../shared/i18n/translate';
import type { WsLocation } from '../../../shared/schemas/locations';
import { type ReceiveReturnItemArgs, ReturnLookupResponse, type WsReturn, type WsReturnLine } from '../../../shared/schemas/returns';
import { DeviceArgsError } from '../../../sync/device/registry';
import { ApiError, apiGet, isOfflineError, qs } from '../../app/api';
import { db } from '../../db';
import { syncEngine } from '../../sync/engine';
import { findLocation, LocalStockError, stockOfProduct } from '../stock/local-stock';
import { findReturnsByCode, receiveReturnLocally, returnOnDevice } from './offline';

/**
 * The one place the screen "Retoure annehmen" reaches the device and the
 * network: the working set first (offline alike), GET /returns/lookup only
 * for a code the device does not hold while online (docs/operations.md
 * "Returns").
 */
export type ReturnLookup =
  | { type: 'found'; returns: WsReturn[] }
  | { type: 'error'; message: string }
  /** A shipped order without an open return: staff may announce it here (online). */
  | { type: 'unannounced'; message: string; order: { id: number; order_number: string } };

async function lookup(code: string): Promise<ReturnLookup> {
  const local = await findReturnsByCode(db, code);
  if (local.length > 0) return { type: 'found', returns: local };
  const offline = { type: 'error', message: formatMessage(texts(RETURN_RECEIVE_UI).notOnDevice, { code }) } as const;
  if (!navigator.onLine) return offline;
  try {
    const order = await apiGet(`/returns/lookup${qs({ code })}`, ReturnLookupResponse);
    const [open] = order.open_returns;
    if (!open) {
      const message = formatMessage(texts(RETURN_RECEIVE_UI).notAnnounced, { order_number: order.order_number });
      return { type: 'unannounced', message, order: { id: order.outbound_order_id, order_number: order.order_number } };
    }
    // Announced since the last pull: one sync round brings it.
    await syncEngine.syncNow();
    const again = await findReturnsByCode(db, code);
    if (again.length > 0) return { type: 'found', returns: again };
    return { type: 'error', message: formatMessage(texts(RETURN_RECEIVE_UI).notSynced, { return_number: open.return_number }) };
  } catch (e) {
    if (isOfflineError(e)) return offline;
    return { type: 'error', message: e instanceof ApiError && e.detail ? e.detail : texts(RETURN_RECEIVE_UI).lookupError };
  }
}

let blockedPlaces: Promise<WsLocation[]> | null = null;

/** Where the unit could go: for restock the customer's fullest normal place of the product, for quarantine a blocked place (one holding the product first). */
async function suggestPlace(ret: WsReturn, line: WsReturnLine, disposition: ReturnDisposition): Promise<string | null> {
  if (disposition === 'dispose') return null;
  const rows = (await stockOfProduct(db, line.product_ean)).filter((r) => r.customer_id === ret.customer_id);
  const places = (await db.locations.bulkGet(rows.map((r) => r.location_id))).filter((l): l is WsLocation => Boolean(l));
  const wanted = places.filter((l) => l.is_blocked === (disposition === 'quarantine') && l.is_active);
  const qty = (l: WsLocation) => rows.filter((r) => r.location_id === l.id).reduce((s, r) => s + r.quantity, 0);
  const best = wanted.sort((a, b) => qty(b) - qty(a))[0];
  if (best || disposition === 'restock') return best?.barcode ?? null;
  blockedPlaces ??= db.locations.all().then((all) => all.filter((l) => l.is_blocked && l.is_active).sort((a, b) => a.barcode.localeCompare(b.barcode)));
  const blocked = await blockedPlaces.catch(() => []);
  return blocked[0]?.barcode ?? null;
}

/** A refusal of the device (the server's code and German text), as the field it belongs to; null for anything else. */
export function refusalOf(e: unknown): { qty?: string; place?: string } | null {
  if (e instanceof LocalStockError) {
    const text = errorText(e.code, e.params);
    return e.code === 'RETURN_TOO_MANY' ? { qty: text } : { place: text };
  }
  if (e instanceof DeviceArgsError) return { place: errorText(e.rejection.code, e.rejection.params) };
  return null;
}

export const returnReceiveDevice = {
  lookup,
  get: (id: number) => returnOnDevice(db, id),
  findLocation: (barcode: string) => findLocation(db, barcode),
  suggestPlace,
  receive: (userId: number, args: ReceiveReturnItemArgs) => receiveReturnLocally(db, userId, args),
};
