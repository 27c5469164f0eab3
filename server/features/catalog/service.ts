import { type SelectQueryBuilder, sql } from 'kysely';
import { MISSING_FIELD_LABELS } from '../../../shared/i18n/fields';
import {
  type CatalogProduct,
  type EnrichResponse,
  isComplete,
  type MissingField,
  missingFields,
  type ProductListQuery,
  type ProductListResponse,
  type UpdateProductRequest,
} from '../../../shared/schemas/catalog';
import type { KeepaData } from '../../../shared/schemas/products';
import type { AppConfig } from '../../config';
import type { Database, Product as ProductRow } from '../../db/schema';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { productCore } from '../products/service';
import { isKeepaError, keepaClientFor } from '../../integrations/keepa';

/** Product master data (admin): list with completeness, edit, Keepa enrichment of one product. */

export function toCatalogProduct(p: ProductRow): CatalogProduct {
  return {
    ...productCore(p),
    is_complete: isComplete(p),
    missing: missingFields(p),
    updated_at: p.updated_at,
  };
}

const COMPLETE_SQL = sql<boolean>`(weight_kg IS NOT NULL AND length_cm IS NOT NULL AND width_cm IS NOT NULL AND height_cm IS NOT NULL)`;

export async function listProducts(db: DbOrTrx, q: ProductListQuery): Promise<ProductListResponse> {
  const filtered = <O>(qb: SelectQueryBuilder<Database, 'products', O>) => {
    let out = qb;
    if (q.filter === 'complete') out = out.where(COMPLETE_SQL);
    if (q.filter === 'incomplete') out = out.where(sql<boolean>`NOT ${COMPLETE_SQL}`);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      out = out.where((eb) => eb.or([eb('title', 'ilike', like), eb('ean', 'like', like)]));
    }
    return out;
  };
  const sortCol = q.sort === 'weight' ? 'weight_kg' : q.sort === 'ean' ? 'ean' : q.sort === 'id' ? 'id' : 'title';
  // Titles are never null: ordered as the index products (lower(title), id) runs (migration 0034), either way.
  const order = sql.raw(sortCol === 'title' ? `lower(title) ${q.dir}, id ${q.dir}` : `${sortCol} ${q.dir} NULLS LAST, id ${q.dir}`);
  const count = sql<number>`count(*)::int`.as('n');
  // The counters as two counts: the complete products come from the partial index products_complete.
  const [items, all, complete, searched] = await Promise.all([
    filtered(db.selectFrom('products').selectAll()).orderBy(order).offset(q.skip).limit(q.limit).execute(),
    db.selectFrom('products').select(count).executeTakeFirstOrThrow(),
    db.selectFrom('products').select(count).where(COMPLETE_SQL).executeTakeFirstOrThrow(),
    q.q ? filtered(db.selectFrom('products').select(count)).executeTakeFirstOrThrow() : null,
  ]);
  const counts = { all: Number(all.n), complete: Number(complete.n), incomplete: Number(all.n) - Number(complete.n) };
  return {
    items: items.map(toCatalogProduct),
    total: searched ? Number(searched.n) : counts[q.filter],
    counts,
  };
}

export async function updateProduct(trx: Trx, id: number, input: UpdateProductRequest): Promise<CatalogProduct> {
  const row = await trx
    .updateTable('products')
    .set({
      title: input.title,
      base_unit: input.base_unit,
      units_per_box: input.units_per_box,
      boxes_per_pallet: input.boxes_per_pallet,
      weight_kg: input.weight_kg,
      length_cm: input.length_cm,
      width_cm: input.width_cm,
      height_cm: input.height_cm,
      ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
      ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('PRODUCT_NOT_FOUND', { id });
  return toCatalogProduct(row);
}

/**
 * Fills what the product lacks from Keepa data; values an admin entered are
 * kept (Keepa's package data is often rounder than a measured value).
 */
export async function applyKeepaData(
  trx: DbOrTrx,
  p: ProductRow,
  k: KeepaData,
): Promise<{ product: CatalogProduct; filled: MissingField[]; warnings: string[] }> {
  const filled: MissingField[] = [];
  const set: Partial<Record<'weight_kg' | 'length_cm' | 'width_cm' | 'height_cm', number>> & { image_url?: string; brand?: string; description?: string } = {};
  if (p.weight_kg === null && k.weight_kg !== null) {
    set.weight_kg = k.weight_kg;
    filled.push('weight');
  }
  const dimsMissing = p.length_cm === null || p.width_cm === null || p.height_cm === null;
  if (dimsMissing && k.length_cm !== null && k.width_cm !== null && k.height_cm !== null) {
    set.length_cm = k.length_cm;
    set.width_cm = k.width_cm;
    set.height_cm = k.height_cm;
    filled.push('dimensions');
  }
  if (!p.image_url && k.image_urls[0]) {
    set.image_url = k.image_urls[0];
    filled.push('image');
  }
  if (!p.brand && k.brand) set.brand = k.brand;
  if (!p.description && k.description) set.description = k.description;
  const row = await trx
    .updateTable('products')
    .set({ ...set, keepa_data: JSON.stringify(k), updated_at: new Date() })
    .where('id', '=', p.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const warnings: string[] = [];
  if (row.weight_kg === null) warnings.push('Keepa liefert kein Gewicht');
  if (row.length_cm === null || row.width_cm === null || row.height_cm === null) warnings.push('Keepa liefert keine vollständigen Maße');
  if (!row.image_url) warnings.push('Keepa liefert kein Bild');
  return { product: toCatalogProduct(row), filled, warnings };
}

export async function enrichOne(db: DbOrTrx, config: AppConfig, id: number): Promise<EnrichResponse> {
  const p = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw new AppError('PRODUCT_NOT_FOUND', { id });
  const client = await keepaClientFor(db, config);
  if (!client) throw new AppError('KEEPA_NOT_CONFIGURED');
  let data: KeepaData | null;
  try {
    data = await client.productByCode(p.ean);
  } catch (e) {
    if (isKeepaError(e)) throw e.toAppError();
    throw e;
  }
  if (!data) return { success: false, message: `Keepa kennt kein Produkt mit EAN ${p.ean}`, warnings: [], product: toCatalogProduct(p) };
  const r = await applyKeepaData(db, p, data);
  const message =
    r.filled.length > 0
      ? `Produktdaten aktualisiert: ${r.filled.map((f) => MISSING_FIELD_LABELS[f]).join(', ')}`
      : 'Keine neuen Daten von Keepa – Produkt unverändert';
  return { success: true, message, warnings: r.warnings, product: r.product };
}
