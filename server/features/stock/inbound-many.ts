import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { InboundRequest, InboundResponse } from '../../../shared/schemas/stock';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx } from '../../db/index';
import { PREPARED } from '../../db/prepared';
import { AppError } from '../../errors';
import { bookedOf, type ResolvedInbound } from './inbound-statement';
import { openStocktakeOf } from '../stocktakes/frozen';
import { locationPathSelect } from './queries';
import { assertInboundAllowed, inboundResponse } from './service';

/**
 * Einlagern of a whole run of queued scans in ONE statement (the
 * replay of a push). It books exactly what the scans booked one after another
 * would: each scan resolves as in inbound-statement.ts; scans on the same
 * stock row are summed into one upsert (a statement may touch a row once),
 * and each scan's answer carries the row's quantity as it stood after that
 * scan (the row's new quantity minus what later scans of the run added); one
 * movement per scan, in scan order. It writes only when every scan of the run
 * may be booked: otherwise nothing is written and the first refusal is thrown,
 * and the push runs the span again scan by scan (sync/server/push-span.ts),
 * which gives each refused scan its own answer.
 */

interface Row extends ResolvedInbound {
  ord: number;
}

/**
 * One scan: who booked it, its args, and for a queued scan the mutation it came as (the movement
 * is tagged with it); an online booking has none.
 */
export interface InboundItem {
  actor: Actor;
  input: InboundRequest;
  meta?: { client_id: string; mutation_id: number };
}

export async function bookInboundMany(db: DbOrTrx, items: InboundItem[]): Promise<InboundResponse[]> {
  for (const { actor, input } of items) assertInboundAllowed(actor, input);
  const ords = items.map((_, i) => i);
  const variants = items.flatMap(({ input }, i) => gtinVariants(input.ean).map((ean) => ({ i, ean })));
  const col = <T>(f: (x: InboundItem) => T) => items.map(f);
  const { rows } = await sql<Row>`${PREPARED}
    WITH x AS (
      SELECT * FROM unnest(${ords}::int[], ${col((x) => x.input.ean)}::text[], ${col((x) => x.input.location_barcode)}::text[],
                           ${col((x) => x.input.customer_id)}::int[], ${col((x) => x.input.batch_number?.trim() ?? '')}::text[],
                           ${col((x) => x.input.expiry_date || null)}::date[], ${col((x) => x.input.quantity)}::int[],
                           ${col((x) => x.input.notes ?? null)}::text[], ${col((x) => x.meta?.client_id ?? null)}::text[],
                           ${col((x) => x.meta?.mutation_id ?? null)}::bigint[], ${col((x) => x.actor.id)}::int[])
        AS x(ord, ean, loc, cust, batch, expiry, qty, notes, client_id, mutation_id, user_id)
    ), v AS (
      SELECT * FROM unnest(${variants.map((v) => v.i)}::int[], ${variants.map((v) => v.ean)}::text[]) AS v(ord, ean)
    ), r AS (
      SELECT x.*, p.id AS p_id, p.ean AS p_ean, p.title AS p_title,
             l.id AS l_id, l.kind AS l_kind, l.barcode AS l_barcode, l.is_active AS l_is_active, l.path AS l_path, l.stocktake AS l_stocktake,
             c.id AS c_id, c.company_name AS c_name, c.is_active AS c_is_active
      FROM x
      LEFT JOIN LATERAL (
        SELECT id, ean, title FROM products WHERE ean IN (SELECT v.ean FROM v WHERE v.ord = x.ord) ORDER BY ean = x.ean DESC LIMIT 1
      ) p ON true
      LEFT JOIN LATERAL (
        SELECT id, kind, barcode, is_active, ${locationPathSelect('locations.id')} AS path, ${openStocktakeOf('locations.id')} AS stocktake FROM locations
        WHERE barcode IN (x.loc, upper(x.loc)) ORDER BY barcode = x.loc DESC LIMIT 1
      ) l ON true
      LEFT JOIN customers c ON c.id = x.cust
    ), ok AS (
      SELECT * FROM r WHERE NOT EXISTS (
        SELECT 1 FROM r bad WHERE bad.p_id IS NULL OR bad.l_id IS NULL OR bad.l_kind <> 'compartment' OR NOT bad.l_is_active OR bad.l_stocktake IS NOT NULL
                               OR bad.c_id IS NULL OR NOT bad.c_is_active)
    ), s AS (
      INSERT INTO stock (product_id, customer_id, location_id, batch_number, expiry_date, quantity)
      SELECT p_id, c_id, l_id, batch, expiry, sum(qty)::int FROM ok
      GROUP BY p_id, c_id, l_id, batch, expiry
      -- one lock order for every run, so concurrent replays queue instead of deadlocking
      ORDER BY p_id, c_id, l_id, batch, expiry
      ON CONFLICT ON CONSTRAINT stock_identity DO UPDATE SET quantity = stock.quantity + excluded.quantity, updated_at = now()
      RETURNING id, product_id, customer_id, location_id, batch_number, expiry_date, quantity
    ), booked AS (
      SELECT ok.*, s.id AS stock_id,
             (s.quantity - sum(ok.qty) OVER (PARTITION BY s.id) + sum(ok.qty) OVER (PARTITION BY s.id ORDER BY ok.ord))::int AS stock_after
      FROM ok JOIN s ON s.product_id = ok.p_id AND s.customer_id = ok.c_id AND s.location_id = ok.l_id
                    AND s.batch_number IS NOT DISTINCT FROM ok.batch AND s.expiry_date IS NOT DISTINCT FROM ok.expiry
    ), ids AS (
      -- the movements' ids taken in scan order, so the history lists the scans as they came
      SELECT ord, nextval('stock_movements_id_seq') AS mv_id FROM (SELECT ord FROM booked ORDER BY ord) o
    ), mv AS (
      INSERT INTO stock_movements (id, movement_type, product_id, customer_id, location_id, stock_id, batch_number, expiry_date, quantity, unit,
                                   user_id, notes, client_id, mutation_id)
      SELECT ids.mv_id, 'inbound', p_id, c_id, l_id, stock_id, batch, expiry, qty, 'piece', user_id, notes, client_id, mutation_id
      FROM booked JOIN ids USING (ord) ORDER BY ord
    )
    SELECT r.ord, r.p_id, r.p_ean, r.p_title, r.l_id, r.l_kind, r.l_barcode, r.l_is_active, r.l_path, r.l_stocktake, r.c_id, r.c_name, r.c_is_active,
           booked.stock_after AS stock_quantity,
           ids.mv_id::bigint AS movement_id
    FROM r LEFT JOIN booked ON booked.ord = r.ord LEFT JOIN ids ON ids.ord = r.ord
    ORDER BY r.ord`.execute(db);
  // A refused scan means nothing was written: its refusal (the first in scan order) is the answer.
  if (rows.some((r) => r.movement_id === null)) for (const [i, r] of rows.entries()) refusalOf(r, items[i].input);
  return items.map(({ input }, i) => inboundResponse(input, bookedOf(rows[i], input)));
}

/** Throws the row's refusal if it has one (bookedOf's checks); other rows pass. */
function refusalOf(r: Row, input: InboundRequest): void {
  try {
    bookedOf(r, input);
  } catch (e) {
    if (e instanceof AppError) throw e;
  }
}
