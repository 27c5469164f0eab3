import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { InboundRequest } from '../../../shared/schemas/stock';
import type { DbOrTrx } from '../../db/index';
import { PREPARED } from '../../db/prepared';
import { AppError } from '../../errors';
import type { MovementMeta } from './ledger';
import { frozenRefusal, openStocktakeOf } from '../stocktakes/frozen';
import { locationPathSelect } from './queries';

/**
 * Einlagern as ONE prepared statement: it resolves the scan
 * (product by any written form of its code, the place by its barcode in
 * either case, the customer), and only when all three may take the booking
 * upserts the stock row and writes the movement — the ledger's addStock in
 * the same statement, so stock still equals the sum of its movements. One
 * statement is atomic, so the REST route needs no BEGIN/COMMIT around it.
 * When a check fails nothing is written and the resolved row tells which
 * refusal applies, in resolveScan's order (scan-context.ts).
 */

interface Row {
  p_id: number | null;
  p_ean: string | null;
  p_title: string | null;
  l_id: number | null;
  l_kind: string | null;
  l_barcode: string | null;
  l_is_active: boolean | null;
  l_path: string | null;
  /** The open stocktake freezing the place, if any (stocktakes/frozen.ts). */
  l_stocktake: string | null;
  c_id: number | null;
  c_name: string | null;
  c_is_active: boolean | null;
  stock_quantity: number | null;
  movement_id: number | null;
}

export interface InboundBooked {
  product: { id: number; ean: string; title: string };
  location: { id: number; barcode: string; path: string };
  customer_id: number;
  stock_quantity: number;
  movement_id: number;
}

export async function bookInboundStatement(
  db: DbOrTrx,
  input: InboundRequest,
  meta: Pick<MovementMeta, 'user_id' | 'notes' | 'client_id' | 'mutation_id'>,
): Promise<InboundBooked> {
  const forms = [...new Set([input.location_barcode, input.location_barcode.toUpperCase()])];
  const batch = input.batch_number?.trim() ?? '';
  const expiry = input.expiry_date || null;
  const { rows } = await sql<Row>`${PREPARED}
    WITH p AS (
      SELECT id, ean, title FROM products WHERE ean = ANY(${gtinVariants(input.ean)}::text[]) ORDER BY ean = ${input.ean}::text DESC LIMIT 1
    ), l AS (
      SELECT id, kind, barcode, is_active, ${locationPathSelect('locations.id')} AS path, ${openStocktakeOf('locations.id')} AS stocktake FROM locations
      WHERE barcode = ANY(${forms}::text[]) ORDER BY barcode = ${input.location_barcode}::text DESC LIMIT 1
    ), c AS (
      SELECT id, company_name, is_active FROM customers WHERE id = ${input.customer_id}::int
    ), s AS (
      INSERT INTO stock (product_id, customer_id, location_id, batch_number, expiry_date, quantity)
      SELECT p.id, c.id, l.id, ${batch}::text, ${expiry}::date, ${input.quantity}::int FROM p, l, c
      WHERE l.kind = 'compartment' AND l.is_active AND l.stocktake IS NULL AND c.is_active
      ON CONFLICT ON CONSTRAINT stock_identity DO UPDATE SET quantity = stock.quantity + excluded.quantity, updated_at = now()
      RETURNING id, product_id, customer_id, location_id, quantity
    ), mv AS (
      INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, batch_number, expiry_date, quantity, unit,
                                   user_id, notes, client_id, mutation_id)
      SELECT 'inbound', s.product_id, s.customer_id, s.location_id, s.id, ${batch}::text, ${expiry}::date, ${input.quantity}::int, 'piece',
             ${meta.user_id}::int, ${meta.notes ?? null}::text, ${meta.client_id ?? null}::text, ${meta.mutation_id ?? null}::bigint FROM s
      RETURNING id
    )
    SELECT p.id AS p_id, p.ean AS p_ean, p.title AS p_title,
           l.id AS l_id, l.kind AS l_kind, l.barcode AS l_barcode, l.is_active AS l_is_active, l.path AS l_path, l.stocktake AS l_stocktake,
           c.id AS c_id, c.company_name AS c_name, c.is_active AS c_is_active,
           (SELECT quantity FROM s) AS stock_quantity, (SELECT id FROM mv) AS movement_id
    FROM (SELECT 1) AS one LEFT JOIN p ON true LEFT JOIN l ON true LEFT JOIN c ON true`.execute(db);
  return bookedOf(rows[0], input);
}

/** One resolved scan as the statement answers it (also per row of the set-based one, inbound-many.ts). */
export type ResolvedInbound = Row;

/**
 * The booking a resolved row stands for, or the refusal in resolveScan's
 * order (scan-context.ts) when a check failed and nothing was written.
 */
export function bookedOf(r: Row | undefined, input: Pick<InboundRequest, 'ean' | 'location_barcode' | 'customer_id'>): InboundBooked {
  if (!r || r.p_id === null) throw new AppError('PRODUCT_NOT_FOUND', { ean: input.ean });
  if (r.l_id === null || r.l_barcode === null) throw new AppError('LOCATION_NOT_FOUND', { barcode: input.location_barcode });
  if (r.l_kind !== 'compartment') throw new AppError('LOCATION_NOT_STORABLE', { barcode: r.l_barcode });
  if (!r.l_is_active) throw new AppError('LOCATION_INACTIVE', { barcode: r.l_barcode });
  frozenRefusal(r.l_barcode, r.l_stocktake);
  if (r.c_id === null) throw new AppError('CUSTOMER_NOT_FOUND', { id: input.customer_id });
  if (!r.c_is_active) throw new AppError('CUSTOMER_INACTIVE', { name: r.c_name ?? '' });
  if (r.stock_quantity === null || r.movement_id === null) throw new Error('inbound statement wrote nothing although every check passed');
  return {
    product: { id: r.p_id, ean: r.p_ean ?? input.ean, title: r.p_title ?? '' },
    location: { id: r.l_id, barcode: r.l_barcode, path: r.l_path ?? r.l_barcode },
    customer_id: r.c_id,
    stock_quantity: r.stock_quantity,
    movement_id: r.movement_id,
  };
}
