import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { normalizeEan } from '../../../shared/domain/ean';
import { gtinVariants, isKeepaQueryable, productCodeProblem } from '../../../shared/domain/product-code';
import { isStaff } from '../../../shared/domain/roles';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../../../shared/i18n/products';
import { type CreateProductRequest, KeepaData, type Product, type ProductLookupResponse } from '../../../shared/schemas/products';
import type { Actor } from '../../auth/actor';
import type { AppConfig } from '../../config';
import type { DbOrTrx, Trx } from '../../db/index';
import type { Product as ProductRow } from '../../db/schema';
import { AppError, pgErrorCode } from '../../errors';
import { isKeepaError, type KeepaErrorKind, keepaClientFor } from '../../integrations/keepa';
import { findProductByCode } from '../stock/queries';

/**
 * Product lookup for the scan screens (database, then Keepa) and manual
 * product creation (REST POST /products/ and the offline command
 * products.createManual).
 */

/** The master-data fields every product answer carries (lookup, manual product, catalog). */
export function productCore(p: ProductRow) {
  return {
    id: p.id,
    ean: p.ean,
    title: p.title,
    description: p.description,
    brand: p.brand,
    base_unit: p.base_unit,
    units_per_box: p.units_per_box,
    boxes_per_pallet: p.boxes_per_pallet,
    weight_kg: p.weight_kg,
    length_cm: p.length_cm,
    width_cm: p.width_cm,
    height_cm: p.height_cm,
    image_url: p.image_url,
    source: p.source,
  };
}

export function toProductDto(p: ProductRow): Product {
  return {
    ...productCore(p),
    keepa_data: p.keepa_data ?? null,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/**
 * Keepa answers per code, remembered for a while: the preview, the failed
 * booking and the manual dialog ask for the same EAN within seconds, and
 * every Keepa question costs a token. Misses are remembered too; errors not.
 */
export class KeepaLookupCache {
  private readonly entries = new Map<string, { at: number; data: KeepaData | null }>();
  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 1000,
  ) {}

  async get(code: string, load: () => Promise<KeepaData | null>, now = Date.now()): Promise<KeepaData | null> {
    const hit = this.entries.get(code);
    if (hit && now - hit.at < this.ttlMs) return hit.data;
    const data = await load();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(code, { at: now, data });
    return data;
  }
}

export interface LookupDeps {
  db: DbOrTrx;
  config: AppConfig;
  cache: KeepaLookupCache;
  log?: FastifyBaseLogger;
  /**
   * Ask Keepa on a miss. Only staff (receiving, manual products): every Keepa
   * call costs a token of the warehouse's plan, and a customer only needs the
   * catalogue; a miss is then the normal not-found answer (manual entry).
   */
  keepa: boolean;
}

export async function lookupProduct(deps: LookupDeps, rawEan: string): Promise<ProductLookupResponse> {
  const code = normalizeEan(rawEan);
  const p = await deps.db
    .selectFrom('products')
    .selectAll()
    .where('ean', 'in', gtinVariants(code))
    .orderBy(sql`ean = ${code}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  if (p) {
    const keepa = KeepaData.safeParse(p.keepa_data);
    return {
      source: 'database',
      product_id: p.id,
      ean: p.ean,
      title: p.title,
      description: p.description,
      brand: p.brand,
      weight_kg: p.weight_kg,
      length_cm: p.length_cm,
      width_cm: p.width_cm,
      height_cm: p.height_cm,
      image_url: p.image_url,
      keepa_data: keepa.success ? keepa.data : null,
    };
  }
  let keepaError: KeepaErrorKind | null = null;
  if (deps.keepa && isKeepaQueryable(code)) {
    const client = await keepaClientFor(deps.db, deps.config);
    if (client) {
      try {
        const data = await deps.cache.get(code, () => client.productByCode(code));
        if (data?.title) {
          return {
            source: 'keepa',
            product_id: null,
            ean: code,
            title: data.title,
            description: data.description,
            brand: data.brand,
            weight_kg: data.weight_kg,
            length_cm: data.length_cm,
            width_cm: data.width_cm,
            height_cm: data.height_cm,
            image_url: data.image_urls[0] ?? null,
            keepa_data: data,
          };
        }
      } catch (e) {
        if (!isKeepaError(e)) throw e;
        // A Keepa outage must not block receiving: the client opens the manual dialog.
        deps.log?.warn({ kind: e.kind, status: e.status }, 'Keepa lookup failed');
        keepaError = e.kind;
      }
    }
  }
  throw new AppError('PRODUCT_NOT_FOUND', keepaError ? { ean: code, keepa_error: keepaError } : { ean: code });
}

/** Creates a product by hand (or from a Keepa lookup passed back as keepa_data). */
export async function createManualProduct(trx: Trx, actor: Actor, input: CreateProductRequest): Promise<Product> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
  const problem = productCodeProblem(input.ean);
  if (problem) throw new AppError('INVALID_EAN', { ean: input.ean, reason: PRODUCT_CODE_PROBLEM_TEXT[problem], problem });
  const existing = await findProductByCode(trx, input.ean);
  if (existing) throw new AppError('PRODUCT_EXISTS', { ean: existing.ean });
  const keepa = input.keepa_data ? KeepaData.safeParse(input.keepa_data) : null;
  const k = keepa?.success ? keepa.data : null;
  try {
    const row = await trx
      .insertInto('products')
      .values({
        ean: input.ean,
        title: input.title,
        description: input.description ?? k?.description ?? null,
        brand: k?.brand ?? null,
        weight_kg: k?.weight_kg ?? null,
        length_cm: k?.length_cm ?? null,
        width_cm: k?.width_cm ?? null,
        height_cm: k?.height_cm ?? null,
        image_url: k?.image_urls[0] ?? null,
        keepa_data: input.keepa_data ? JSON.stringify(input.keepa_data) : null,
        source: k ? 'keepa' : 'manual',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProductDto(row);
  } catch (e) {
    // Two devices creating the same EAN at once: the unique index decides.
    if (pgErrorCode(e) === '23505') throw new AppError('PRODUCT_EXISTS', { ean: input.ean });
    throw e;
  }
}
