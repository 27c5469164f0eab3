import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';
import { locationPathSelect, type LocationRow, type ProductRow } from './queries';

/**
 * Everything a scan booking must resolve — the product behind the EAN, the
 * place behind the shelf barcode and (for Einlagern) the customer — in ONE
 * round trip: a booking is a handful of statements, so each saved round
 * trip is a noticeable share of its latency. Product first (an unknown EAN
 * opens the manual product dialog), then the place: it must be a compartment,
 * and active to receive goods. Barcodes are printed upper-case (rack codes
 * are upper-cased on creation), so a lower-case scan matches too.
 */

export interface ScanContext {
  product: ProductRow;
  location: LocationRow;
  customer: { id: number; company_name: string; is_active: boolean } | null;
}

interface Row {
  p_id: number | null;
  p_ean: string | null;
  p_title: string | null;
  p_image_url: string | null;
  l_id: number | null;
  l_kind: LocationRow['kind'] | null;
  l_barcode: string | null;
  l_is_active: boolean | null;
  l_path: string | null;
  c_id: number | null;
  c_name: string | null;
  c_is_active: boolean | null;
}

export async function resolveScan(
  db: DbOrTrx,
  input: { ean: string; location_barcode: string; customer_id?: number | null },
  opts: { allowInactiveLocation?: boolean } = {},
): Promise<ScanContext> {
  const variants = gtinVariants(input.ean);
  const forms = [...new Set([input.location_barcode, input.location_barcode.toUpperCase()])];
  const { rows } = await sql<Row>`
    SELECT p.id AS p_id, p.ean AS p_ean, p.title AS p_title, p.image_url AS p_image_url,
           l.id AS l_id, l.kind AS l_kind, l.barcode AS l_barcode, l.is_active AS l_is_active, l.path AS l_path,
           c.id AS c_id, c.company_name AS c_name, c.is_active AS c_is_active
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT id, ean, title, image_url FROM products
      WHERE ean IN (${sql.join(variants)}) ORDER BY ean = ${input.ean} DESC LIMIT 1
    ) p ON true
    LEFT JOIN LATERAL (
      SELECT id, kind, barcode, is_active, ${locationPathSelect('locations.id')} AS path FROM locations
      WHERE barcode IN (${sql.join(forms)}) ORDER BY barcode = ${input.location_barcode} DESC LIMIT 1
    ) l ON true
    LEFT JOIN customers c ON c.id = ${input.customer_id ?? null}::int`.execute(db);
  const r = rows[0];
  if (!r || r.p_id === null) throw new AppError('PRODUCT_NOT_FOUND', { ean: input.ean });
  if (r.l_id === null || r.l_barcode === null) throw new AppError('LOCATION_NOT_FOUND', { barcode: input.location_barcode });
  if (r.l_kind !== 'compartment') throw new AppError('LOCATION_NOT_STORABLE', { barcode: r.l_barcode });
  if (!r.l_is_active && !opts.allowInactiveLocation) throw new AppError('LOCATION_INACTIVE', { barcode: r.l_barcode });
  return {
    product: { id: r.p_id, ean: r.p_ean ?? input.ean, title: r.p_title ?? '', image_url: r.p_image_url },
    location: { id: r.l_id, kind: r.l_kind, barcode: r.l_barcode, is_active: Boolean(r.l_is_active), path: r.l_path ?? r.l_barcode },
    customer: r.c_id === null ? null : { id: r.c_id, company_name: r.c_name ?? '', is_active: Boolean(r.c_is_active) },
  };
}
