import { productCodeProblem } from '../../../shared/domain/product-code';
import { errorText } from '../../../shared/i18n/errors/index';
import { PRODUCT_CODE_PROBLEM_TEXT, ProductLookupResponse } from '../../../shared/schemas/products';
import { ApiError, apiGet } from '../../app/api';
import { stockDevice } from './device';
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
 * lookup, which knows products received elsewhere and may bring a Keepa
 * suggestion for the manual product dialog.
 */
export async function lookupProduct(code: string): Promise<ProductLookup> {
  const T = texts(STOCK_TEXTS);
  const problem = productCodeProblem(code);
  if (problem) return { found: null, draft: null, error: errorText('INVALID_EAN', { ean: code, reason: PRODUCT_CODE_PROBLEM_TEXT[problem], problem }) };
  const local = await stockDevice.findProduct(code);
  if (local)
    return { found: { ean: local.ean, title: local.title, pending: local.pending, image_url: local.image_url, source: 'local' }, draft: null, error: null };
  let draft: ManualProductDraft = { ean: code, title: '', description: '', keepa_data: null, source: null };
  let error: string = T.productNotFound;
  if (navigator.onLine) {
    try {
      const r = await apiGet(`/products/lookup/${encodeURIComponent(code)}`, ProductLookupResponse, { keepSessionOn401: true });
      if (r.source === 'database')
        return { found: { ean: r.ean, title: r.title, pending: false, image_url: r.image_url, source: 'server' }, draft: null, error: null };
      draft = { ean: r.ean || code, title: r.title, description: r.description ?? '', keepa_data: r.keepa_data, source: 'Keepa' };
    } catch (e) {
      if (!(e instanceof ApiError && (e.status === 404 || e.code === 'OFFLINE'))) error = T.previewError;
    }
  }
  return { found: null, draft, error };
}
