import { type SqlBool, sql } from 'kysely';
import { ADJUSTMENT_REASON_LABELS, MOVEMENT_TYPE_LABELS } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/i18n/format';
import { MOVEMENTS_CSV } from '../../../shared/i18n/stock-adjustment';
import type { Movement, MovementsFilter, MovementsQuery } from '../../../shared/schemas/stock';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import { csvLine, CSV_BOM } from '../../csv';
import type { DbOrTrx } from '../../db/index';
import { locationPathSelect } from './queries';

/**
 * Bewegungshistorie (docs/operations.md "Stock bookings"): GET /movements
 * (one page) and GET /movements.csv (the whole filtered history), both
 * scoped to the actor's customers and filtered alike.
 */

/**
 * Newest movements first; quantity as a positive display value with its
 * direction. Paged by keyset: `before_id` (the last row of the previous page)
 * continues below its (created_at, id), an index range scan however deep the
 * page (an unknown id gives an empty page).
 */
export async function listMovements(db: DbOrTrx, actor: Actor, q: MovementsQuery): Promise<Movement[]> {
  const rows = await db
    .selectFrom('stock_movements as m')
    .innerJoin('products', 'products.id', 'm.product_id')
    .innerJoin('customers', 'customers.id', 'm.customer_id')
    .leftJoin('users', 'users.id', 'm.user_id')
    .select([
      'm.id',
      'm.movement_type',
      'm.product_id',
      'products.title as product_title',
      'products.ean as product_ean',
      'm.quantity',
      'm.location_id',
      locationPathSelect('m.location_id').as('location_path'),
      'm.user_id',
      'users.username',
      'users.full_name as user_full_name',
      'm.customer_id',
      'customers.company_name as customer_name',
      'm.batch_number',
      'm.expiry_date',
      'm.notes',
      'm.adjustment_reason',
      'm.created_at',
    ])
    .where((eb) => inScope(eb, 'm.customer_id', actor.scope))
    .$if(q.movement_type !== undefined, (qb) => qb.where('m.movement_type', '=', q.movement_type as Movement['movement_type']))
    .$if(q.adjustment_reason !== undefined, (qb) => qb.where('m.adjustment_reason', '=', q.adjustment_reason as NonNullable<Movement['adjustment_reason']>))
    .$if(q.product_id !== undefined, (qb) => qb.where('m.product_id', '=', q.product_id as number))
    .$if(q.customer_id !== undefined, (qb) => qb.where('m.customer_id', '=', q.customer_id as number))
    .$if(q.before_id !== undefined, (qb) =>
      qb.where(sql<SqlBool>`(m.created_at, m.id) < (SELECT b.created_at, b.id FROM stock_movements b WHERE b.id = ${q.before_id})`),
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    quantity: Math.abs(r.quantity),
    direction: r.quantity > 0 ? ('in' as const) : ('out' as const),
  }));
}

/** Rows per query of the CSV export: the history is read page by page (keyset), never whole into memory. */
export const CSV_CHUNK = 500;

function csvRow(m: Movement): string {
  const signed = m.direction === 'in' ? m.quantity : -m.quantity;
  return csvLine([
    formatDateTime(m.created_at),
    MOVEMENT_TYPE_LABELS[m.movement_type],
    m.adjustment_reason ? ADJUSTMENT_REASON_LABELS[m.adjustment_reason] : '',
    m.product_ean,
    m.product_title,
    m.customer_name,
    m.location_path,
    m.batch_number,
    String(signed),
    m.user_full_name || m.username || '',
    m.notes ?? '',
  ]);
}

/**
 * The whole filtered history as CSV text chunks (BOM and header first), newest
 * first like the list. The first page is read before anything is sent, so a
 * failing query is still an ordinary error answer, not a cut-off download.
 */
export async function movementsCsv(db: DbOrTrx, actor: Actor, filter: MovementsFilter): Promise<AsyncGenerator<string>> {
  const page = (before?: number) => listMovements(db, actor, { ...filter, limit: CSV_CHUNK, before_id: before });
  const first = await page();
  return (async function* () {
    yield CSV_BOM + csvLine(MOVEMENTS_CSV.headers);
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map(csvRow).join('');
      const last = rows.at(-1);
      if (rows.length < CSV_CHUNK || !last) return;
      rows = await page(last.id);
    }
  })();
}
