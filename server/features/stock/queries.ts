import { type RawBuilder, sql } from 'kysely';
import type { LocationKind } from '../../../shared/constants';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Location path as the screens show it: "Building / Room / A-01-01".
 * Compartments usually carry no building/room of their own, so they inherit
 * the rack's; parts that are unknown are left out. A correlated subquery, so
 * any feature can add it to a select over a location id column:
 *   .select(locationPathSelect('stock.location_id').as('location_path'))
 */
export function locationPathSelect(locationIdColumn: string): RawBuilder<string> {
  return sql<string>`(
    SELECT concat_ws(' / ', b.name, rm.name, coalesce(l.barcode, l.code))
    FROM locations l
    LEFT JOIN locations r ON r.id = coalesce(l.rack_id, l.id)
    LEFT JOIN rooms rm ON rm.id = coalesce(l.room_id, r.room_id)
    LEFT JOIN buildings b ON b.id = coalesce(l.building_id, r.building_id, rm.building_id)
    WHERE l.id = ${sql.ref(locationIdColumn)}
  )`;
}

export interface ProductRow {
  id: number;
  ean: string;
  title: string;
  image_url: string | null;
}

/** A product by any written form of its code (UPC-A as 12 or 13 digits, GTIN-14 padding). */
export async function findProductByCode(db: DbOrTrx, code: string): Promise<ProductRow | undefined> {
  const variants = gtinVariants(code);
  return db
    .selectFrom('products')
    .select(['id', 'ean', 'title', 'image_url'])
    .where('ean', 'in', variants)
    .orderBy(sql`ean = ${code}`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function requireProduct(db: DbOrTrx, code: string): Promise<ProductRow> {
  const p = await findProductByCode(db, code);
  if (!p) throw new AppError('PRODUCT_NOT_FOUND', { ean: code });
  return p;
}

export interface LocationRow {
  id: number;
  kind: LocationKind;
  barcode: string;
  is_active: boolean;
  path: string;
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
