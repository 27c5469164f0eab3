import { errorText } from '../../../shared/i18n/errors/index';
import { ProductLookupResponse } from '../../../shared/schemas/products';
import { putPackedRows } from '../../../sync/device/pack-writer';
import { apiGet } from '../../app/api';
import type { LagerwerkDb } from '../../db';
import { findProduct, type LocalProduct } from './local-stock';
import { askServer, type LookupNet } from './online-lookup';

/**
 * A scanned article code on a staff device: the device's catalogue first, then the server's
 * product lookup (./online-lookup.ts); a stored product is kept in the device's working set.
 */

export { ONLINE_LOOKUP_MS } from './online-lookup';

export type ProductNet = LookupNet<ProductLookupResponse>;

export const browserNet: ProductNet = {
  online: () => navigator.onLine,
  lookup: (code, signal) => apiGet(`/products/lookup/${encodeURIComponent(code)}`, ProductLookupResponse, { signal, keepSessionOn401: true }),
};

/** What the server said about a code the device does not hold. */
export type RemoteProduct =
  | { kind: 'stored'; product: LocalProduct; lookup: ProductLookupResponse }
  | { kind: 'unknown'; lookup: ProductLookupResponse | null }
  | { kind: 'unreachable' }
  | { kind: 'failed' };

/** Asks the server (ONLINE_LOOKUP_MS at most); a stored product is put into the device's working set. */
export async function fetchProduct(db: LagerwerkDb, code: string, net: ProductNet = browserNet): Promise<RemoteProduct> {
  const a = await askServer(net, code);
  if (a.kind === 'unknown') return { kind: 'unknown', lookup: null };
  if (a.kind !== 'answer') return a;
  const r = a.answer;
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
