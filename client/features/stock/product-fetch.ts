import { errorText } from '../../../shared/i18n/errors/index';
import { ProductLookupResponse } from '../../../shared/schemas/products';
import { putPackedRows } from '../../../sync/device/pack-writer';
import { ApiError, apiGet, isOfflineError } from '../../app/api';
import type { LagerwerkDb } from '../../db';
import { findProduct, type LocalProduct } from './local-stock';

/**
 * A scanned article code on a staff device: the working set holds the products
 * the user works on, not the whole catalogue (docs/sync.md "Entities"). On a
 * miss while online the server's product lookup is asked, for at most
 * ONLINE_LOOKUP_MS so every scan is still answered at once, and a stored
 * product is kept in the device's working set: the next scan and offline work
 * find it. Offline (or no answer in time) the miss says the article is not on
 * this device, not that it is unknown.
 */

/** How long a scan waits for the server's product lookup before it answers from the device alone. */
export const ONLINE_LOOKUP_MS = 3000;

/** The network a lookup may use; the browser's by default, the in-process server in tests. */
export interface ProductNet {
  online(): boolean;
  lookup(code: string, signal: AbortSignal): Promise<ProductLookupResponse>;
}

export const browserNet: ProductNet = {
  online: () => navigator.onLine,
  lookup: (code, signal) => apiGet(`/products/lookup/${encodeURIComponent(code)}`, ProductLookupResponse, { signal, keepSessionOn401: true }),
};

/** What the server said about a code the device does not hold. */
export type RemoteProduct =
  | { kind: 'stored'; product: LocalProduct; lookup: ProductLookupResponse }
  | { kind: 'unknown'; lookup: ProductLookupResponse | null }
  /** No network, no answer in time. */
  | { kind: 'unreachable' }
  /** The server answered with an error other than 404. */
  | { kind: 'failed' };

/** Asks the server (ONLINE_LOOKUP_MS at most); a stored product is put into the device's working set. */
export async function fetchProduct(db: LagerwerkDb, code: string, net: ProductNet = browserNet): Promise<RemoteProduct> {
  if (!net.online()) return { kind: 'unreachable' };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ONLINE_LOOKUP_MS);
  let r: ProductLookupResponse;
  try {
    r = await net.lookup(code, abort.signal);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: 'unknown', lookup: null };
    return e instanceof ApiError && !isOfflineError(e) ? { kind: 'failed' } : { kind: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
  if (r.source !== 'database' || r.product_id === null) return { kind: 'unknown', lookup: r };
  const row = { id: r.product_id, ean: r.ean, title: r.title, image_url: r.image_url };
  await putPackedRows(db, db.products.spec, [row]);
  return { kind: 'stored', product: { ...row, pending: false }, lookup: r };
}

/** The German (or the user's language) answer to a code neither the device nor the server could resolve. */
export function missText(code: string, remote: RemoteProduct): string {
  return remote.kind === 'unknown' ? errorText('PRODUCT_NOT_FOUND', { ean: code }) : errorText('PRODUCT_NOT_ON_DEVICE', { ean: code });
}

export type ProductScan = { product: LocalProduct; error: null } | { product: null; error: string };

/** A scanned code's product: the device first, then the server (see above). */
export async function scanProduct(db: LagerwerkDb, code: string, net: ProductNet = browserNet): Promise<ProductScan> {
  const local = await findProduct(db, code);
  if (local) return { product: local, error: null };
  const remote = await fetchProduct(db, code, net);
  return remote.kind === 'stored' ? { product: remote.product, error: null } : { product: null, error: missText(code, remote) };
}
