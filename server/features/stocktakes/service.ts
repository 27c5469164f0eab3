import { sql } from 'kysely';
import { STOCKTAKE_STATUS_LABELS, type StocktakeStatus } from '../../../shared/constants';
import type { CancelStocktakeResponse, CreateStocktakeRequest, CreateStocktakeResponse } from '../../../shared/schemas/stocktake';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx, Trx } from '../../db/index';
import { STOCKTAKE_WORDS } from '../../../shared/i18n/stocktakes';
import { AppError } from '../../errors';
import { writeStatusLog } from '../status-logs/writer';

/**
 * Stocktake commands (docs/operations.md "Stocktake"): create freezes the
 * places and the expected quantities in three set-based statements (no
 * round trip per place, so 20,000 places take one INSERT … SELECT each);
 * cancel unfreezes without booking. Booking is book.ts, counting counts.ts.
 */

export interface StocktakeRow {
  id: number;
  number: string;
  status: StocktakeStatus;
  blind: boolean;
}

/**
 * The stocktake, locked for the rest of the transaction; 404 when unknown.
 * Book and cancel lock it exclusively, counts shared: counters do not queue
 * behind each other, but a count never lands in a stocktake being booked.
 */
export async function lockStocktake(trx: Trx, id: number, mode: 'update' | 'share' = 'update'): Promise<StocktakeRow> {
  const q = trx.selectFrom('stocktakes').select(['id', 'number', 'status', 'blind']).where('id', '=', id);
  const row = await (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
  if (!row) throw new AppError('STOCKTAKE_NOT_FOUND', { id });
  return row;
}

export function assertCounting(st: StocktakeRow): void {
  if (st.status !== 'counting')
    throw new AppError('STOCKTAKE_NOT_COUNTING', { number: st.number, status: STOCKTAKE_STATUS_LABELS[st.status], status_code: st.status });
}

/** The compartments of the one scope given; 400 for none or several scopes, unknown ids 404, non-compartments 400. */
async function placesInScope(db: DbOrTrx, input: CreateStocktakeRequest): Promise<number[]> {
  const scopes = [input.location_ids, input.rack_ids, input.room_id].filter((s) => s !== undefined);
  if (scopes.length !== 1) throw new AppError('STOCKTAKE_SCOPE_REQUIRED');
  let ids: number[];
  if (input.location_ids) {
    const wanted = [...new Set(input.location_ids)];
    const rows = await db.selectFrom('locations').select(['id', 'kind', 'code', 'barcode']).where('id', 'in', wanted).execute();
    const missing = wanted.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw new AppError('LOCATION_ID_NOT_FOUND', { id: missing });
    const notPlace = rows.find((r) => r.kind !== 'compartment');
    if (notPlace) throw new AppError('STOCKTAKE_NOT_STORAGE_PLACE', { barcode: notPlace.barcode ?? notPlace.code });
    ids = wanted;
  } else if (input.rack_ids) {
    const wanted = [...new Set(input.rack_ids)];
    const racks = await db.selectFrom('locations').select('id').where('id', 'in', wanted).where('kind', '=', 'rack').execute();
    const missing = wanted.find((id) => !racks.some((r) => r.id === id));
    if (missing !== undefined) throw new AppError('STOCKTAKE_RACK_NOT_FOUND', { id: missing });
    const rows = await db.selectFrom('locations').select('id').where('kind', '=', 'compartment').where('rack_id', 'in', wanted).execute();
    ids = rows.map((r) => r.id);
  } else {
    const roomId = input.room_id as number;
    const room = await db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst();
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    // A compartment carries its room itself or inherits it from its rack (as locations/blocked.ts reads it).
    const rows = await db
      .selectFrom('locations as l')
      .leftJoin('locations as r', 'r.id', 'l.rack_id')
      .select('l.id')
      .where('l.kind', '=', 'compartment')
      .where(sql<boolean>`coalesce(l.room_id, r.room_id) = ${roomId}`)
      .execute();
    ids = rows.map((r) => r.id);
  }
  if (ids.length === 0) throw new AppError('STOCKTAKE_SCOPE_EMPTY');
  return ids;
}

/** 409 naming the places another open stocktake counts (and that stocktake's number). */
async function assertPlacesFree(db: DbOrTrx, ids: number[]): Promise<void> {
  const taken = await db
    .selectFrom('stocktake_places as sp')
    .innerJoin('stocktakes as st', 'st.id', 'sp.stocktake_id')
    .innerJoin('locations as l', 'l.id', 'sp.location_id')
    .select(['st.number', sql<string>`coalesce(l.barcode, l.code)`.as('place')])
    .where('sp.open', '=', true)
    .where('sp.location_id', '=', sql<number>`ANY(${ids}::int[])`)
    .orderBy('place')
    .limit(20)
    .execute();
  if (taken.length > 0) throw new AppError('STOCKTAKE_PLACE_TAKEN', { barcodes: taken.map((t) => t.place).join(', '), number: taken[0].number });
}

export async function createStocktake(trx: Trx, actor: Actor, input: CreateStocktakeRequest): Promise<CreateStocktakeResponse> {
  const ids = await placesInScope(trx, input);
  await assertPlacesFree(trx, ids);
  const st = await trx
    .insertInto('stocktakes')
    .values({
      number: sql<string>`'INV-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('stocktake_number_seq')::text, 4, '0')`,
      name: input.name,
      blind: input.blind,
      created_by: actor.id,
    })
    .returning(['id', 'number', 'status'])
    .executeTakeFirstOrThrow();
  // One statement: the places (a concurrent creation on the same place loses on the partial unique
  // index, 23505 → 409) and their expected quantities, frozen now per product, customer and batch.
  await sql`
    WITH sp AS (
      INSERT INTO stocktake_places (stocktake_id, location_id)
      SELECT ${st.id}::int, id FROM unnest(${ids}::int[]) AS u(id) ORDER BY id
      RETURNING id, location_id
    )
    INSERT INTO stocktake_lines (place_id, product_id, customer_id, batch_number, expected)
    SELECT sp.id, s.product_id, s.customer_id, s.batch_number, sum(s.quantity)::int
    FROM sp JOIN stock s ON s.location_id = sp.location_id
    WHERE s.quantity > 0
    GROUP BY sp.id, s.product_id, s.customer_id, s.batch_number`.execute(trx);
  await writeStatusLog(trx, actor, {
    event_type: 'stocktake_created',
    new_status: 'counting',
    description: STOCKTAKE_WORDS.logCreated(st.number, input.name, ids.length),
    event_data: { stocktake_id: st.id, number: st.number, places: ids.length },
  });
  return { id: st.id, number: st.number, status: st.status, places: ids.length };
}

/** Unfreezes the places without booking anything. */
export async function cancelStocktake(trx: Trx, actor: Actor, id: number): Promise<CancelStocktakeResponse> {
  const st = await lockStocktake(trx, id);
  assertCounting(st);
  await trx.updateTable('stocktake_places').set({ open: false }).where('stocktake_id', '=', id).where('open', '=', true).execute();
  await trx.updateTable('stocktakes').set({ status: 'cancelled', cancelled_at: new Date(), cancelled_by: actor.id }).where('id', '=', id).execute();
  await writeStatusLog(trx, actor, {
    event_type: 'stocktake_cancelled',
    old_status: 'counting',
    new_status: 'cancelled',
    description: STOCKTAKE_WORDS.logCancelled(st.number),
    event_data: { stocktake_id: id, number: st.number },
  });
  return { id, number: st.number, status: 'cancelled' };
}
