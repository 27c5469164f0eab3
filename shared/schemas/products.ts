import { z } from 'zod';
import { BASE_UNITS } from '../constants';
import { normalizeEan } from '../domain/ean';
import { offlineCommand, workingSetEntity } from '../offline';
import { Timestamp } from './common';
import { VALIDATION } from '../i18n/validation';

/**
 * Products as the scan screens need them: lookup by EAN (database, then
 * Keepa) and manual creation. The catalogue list/edit schemas live with the
 * catalog feature.
 */

/**
 * A product code as scanned: trimmed, inner spaces removed. The GS1/internal
 * code rule (shared/domain/product-code.ts) is applied by the service, so REST
 * and offline replay refuse a bad code with the same stable code INVALID_EAN.
 */
export const ProductCode = z.string({ error: VALIDATION.eanRequired }).trim().min(1, VALIDATION.eanRequired).max(100).transform(normalizeEan);

/** Normalised product data from Keepa, kept in products.keepa_data. */
export const KeepaData = z.object({
  asin: z.string().nullable(),
  title: z.string().nullable(),
  brand: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  features: z.array(z.string()),
  ean_list: z.array(z.string()),
  image_urls: z.array(z.string()),
  weight_kg: z.number().nullable(),
  length_cm: z.number().nullable(),
  width_cm: z.number().nullable(),
  height_cm: z.number().nullable(),
  fetched_at: z.string(),
});
export type KeepaData = z.infer<typeof KeepaData>;

/**
 * A product as stored (table products): the one definition of the product
 * fields. Every other product shape (catalogue, lookup, stock views, order
 * lines) picks its fields from here, so a field's type is written once.
 */
export const Product = z.object({
  id: z.number(),
  ean: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  brand: z.string().nullable(),
  base_unit: z.enum(BASE_UNITS),
  units_per_box: z.number().nullable(),
  boxes_per_pallet: z.number().nullable(),
  weight_kg: z.number().nullable(),
  length_cm: z.number().nullable(),
  width_cm: z.number().nullable(),
  height_cm: z.number().nullable(),
  image_url: z.string().nullable(),
  /** manual or keepa: where the master data came from. */
  source: z.string(),
  keepa_data: z.unknown().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Product = z.infer<typeof Product>;

export const PRODUCT_LOOKUP_SOURCES = ['database', 'keepa', 'manual'] as const;

export const ProductLookupParams = z.object({ ean: z.string().trim().min(1).max(100) });
export type ProductLookupParams = z.infer<typeof ProductLookupParams>;

export const ProductLookupResponse = z.object({
  /** database: a stored product; keepa: found at Keepa, not stored yet (create it with POST /products/). */
  source: z.enum(PRODUCT_LOOKUP_SOURCES),
  product_id: Product.shape.id.nullable(),
  ...Product.pick({
    ean: true,
    title: true,
    description: true,
    brand: true,
    weight_kg: true,
    length_cm: true,
    width_cm: true,
    height_cm: true,
    image_url: true,
  }).shape,
  /** For source keepa: pass it back as keepa_data when creating the product. */
  keepa_data: KeepaData.nullable(),
});
export type ProductLookupResponse = z.infer<typeof ProductLookupResponse>;

export const CreateProductRequest = z.object({
  ean: ProductCode,
  title: z.string({ error: VALIDATION.titleRequired }).trim().min(1, VALIDATION.titleRequired).max(500),
  description: z
    .string()
    .max(5000)
    .nullish()
    .transform((v) => v?.trim() || null),
  /** KeepaData from a lookup (fills brand, weights, dimensions, image), or any other JSON object; null for a purely manual product. */
  keepa_data: z.record(z.string(), z.unknown()).nullish(),
});
export type CreateProductRequest = z.infer<typeof CreateProductRequest>;
export type CreateProductInput = z.input<typeof CreateProductRequest>;

/**
 * Working-set row: what a device keeps of a product to answer scans offline (client/features/stock/local-stock.ts
 * findProduct). Packaging (base unit, units per box, boxes per pallet) is not kept: a pick list line carries its own.
 */
export const WsProduct = Product.pick({ id: true, ean: true, title: true, image_url: true });
export type WsProduct = z.infer<typeof WsProduct>;
export const ProductEntity = workingSetEntity('product', WsProduct);

/** Offline twin of POST /products/ (a product created at the scanner, also without network). */
export const CreateManualProductCommand = offlineCommand('products.createManual', CreateProductRequest);
