import { productCodeProblem } from '../../../shared/domain/product-code';
import { errorText } from '../../../shared/i18n/errors/index';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../../../shared/i18n/products';
import { db } from '../../db';
import { stockDevice } from './device';
import { fetchProduct, missText } from './product-fetch';
import type { ManualProductDraft } from './ManualProductDialog';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

/** What an article code resolved to. */
export interface ResolvedProduct {
  ean: string;
  title: string;
  /** Created on this device and not synced yet. */
  pending: boolean;
  image_url: string | null;
  source: 'local' | 'server' | 'created';
}

export interface ProductLookup {
  found: ResolvedProduct | null;
  /** Not found: what the manual product dialog starts with (null: the code itself is refused). */
  draft: ManualProductDraft | null;
  /** Not found: the German reason. */
  error: string | null;
}

/**
 * Einlagern's article lookup: the device catalogue first (answers offline);
 * when it does not know the code and the network is there, the server's
 * lookup (product-fetch.ts: a stored product is kept on the device), which
 * may bring a Keepa suggestion for the manual product dialog.
 */
export async function lookupProduct(code: string): Promise<ProductLookup> {
  const T = texts(STOCK_TEXTS);
  const problem = productCodeProblem(code);
  if (problem) return { found: null, draft: null, error: errorText('INVALID_EAN', { ean: code, reason: PRODUCT_CODE_PROBLEM_TEXT[problem], problem }) };
  const local = await stockDevice.findProduct(code);
  if (local)
    return { found: { ean: local.ean, title: local.title, pending: local.pending, image_url: local.image_url, source: 'local' }, draft: null, error: null };
  const remote = await fetchProduct(db, code);
  if (remote.kind === 'stored') {
    const p = remote.product;
    return { found: { ean: p.ean, title: p.title, pending: false, image_url: p.image_url, source: 'server' }, draft: null, error: null };
  }
  const r = remote.kind === 'unknown' ? remote.lookup : null;
  const draft: ManualProductDraft = r
    ? { ean: r.ean || code, title: r.title, description: r.description ?? '', keepa_data: r.keepa_data, source: 'Keepa' }
    : { ean: code, title: '', description: '', keepa_data: null, source: null };
  // Offline the code may still be a stored product the device does not hold: it says so (docs/sync.md "Entities"),
  // and the manual product dialog stays open for an article that is new indeed.
  if (remote.kind === 'unreachable') return { found: null, draft, error: missText(code, remote) };
  return { found: null, draft, error: remote.kind === 'failed' ? T.previewError : T.productNotFound };
}
