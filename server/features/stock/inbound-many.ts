import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { InboundRequest, InboundResponse } from '../../../shared/schemas/stock';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx } from '../../db/index';
import { PREPARED } from '../../db/prepared';
import { AppError } from '../../errors';
import { type IdempotentRequest, type IdempotentResult, replay, requestHash } from '../../http-idempotency';
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
 *
 * An online booking with an Idempotency-Key (the group commit, inbound-batch.ts)
 * carries its key: a key already stored for the user is not booked again but
 * answers its stored response (or the key's refusal, http-idempotency.ts); a
 * new key is inserted by the same statement with the booking's answer, so the
 * key exists exactly when the booking does. A key taken meanwhile by another
 * transaction fails the insert (unique violation): nothing is written and the
 * batch runs one by one. docs/architecture.md "Idempotency-Key".
 */

interface Row extends ResolvedInbound {
  ord: number;
  /** The user's key row from before the statement, if the key is known (then nothing is booked for it). */
  k_found: boolean;
  k_route: string | null;
  k_hash: string | null;
  k_response: unknown;
}

/** A keyed booking's answer as its key row stores it: inboundResponse's fields (service.ts) from the booked row. */
const STORED_RESPONSE: Record<keyof InboundResponse, string> = {
  product_id: 'p_id',
  product_title: "coalesce(p_title, '')",
  ean: 'coalesce(p_ean, ean)',
  customer_id: 'c_id',
  location_id: 'l_id',
  location_barcode: 'l_barcode',
  location_path: 'coalesce(l_path, l_barcode)',
  quantity: 'qty',
  stock_quantity: 'stock_after',
  movement_id: 'mv_id',
};
const storedResponse = sql.raw(
  `jsonb_build_object(${Object.entries(STORED_RESPONSE)
    .map(([field, value]) => `'${field}', ${value}`)
    .join(', ')})`,
);

/**
 * One scan: who booked it, its args, and for a queued scan the mutation it came as (the movement
 * is tagged with it); an online booking has none.
 */
export interface InboundItem {
  actor: Actor;
  input: InboundRequest;
  meta?: { client_id: string; mutation_id: number };
  /** An online booking's Idempotency-Key and the request it is bound to. */
  idem?: { key: string; request: IdempotentRequest };
}

/** Books a run of scans (no keys): each scan's answer, in scan order. */
export async function bookInboundMany(db: DbOrTrx, items: InboundItem[]): Promise<InboundResponse[]> {
  return (await bookInboundAnswers(db, items)).map((answer) => answer().body);
}

/**
 * Books a run of scans, keyed or not. Per scan a function giving its answer: its booking, the
 * stored answer of its key (replayed), or the refusal of a key reused for another request.
 */
export async function bookInboundAnswers(db: DbOrTrx, items: InboundItem[]): Promise<Array<() => IdempotentResult<InboundResponse>>> {
  for (const { actor, input } of items) assertInboundAllowed(actor, input);
  const hashes = items.map(({ idem }) => (idem ? requestHash(idem.request) : null));
  const ords = items.map((_, i) => i);
  const variants = items.flatMap(({ input }, i) => gtinVariants(input.ean).map((ean) => ({ i, ean })));
  const col = <T>(f: (x: InboundItem) => T) => items.map(f);
  const { rows } = await sql<Row>`${PREPARED}
    WITH x AS (
      SELECT * FROM unnest(${ords}::int[], ${col((x) => x.input.ean)}::text[], ${col((x) => x.input.location_barcode)}::text[],
                           ${col((x) => x.input.customer_id)}::int[], ${col((x) => x.input.batch_number?.trim() ?? '')}::text[],
                           ${col((x) => x.input.expiry_date || null)}::date[], ${col((x) => x.input.quantity)}::int[],
                           ${col((x) => x.input.notes ?? null)}::text[], ${col((x) => x.meta?.client_id ?? null)}::text[],
                           ${col((x) => x.meta?.mutation_id ?? null)}::bigint[], ${col((x) => x.actor.id)}::int[],
                           ${col((x) => x.idem?.key ?? null)}::text[], ${col((x) => x.idem?.request.route ?? null)}::text[], ${hashes}::text[])
        AS x(ord, ean, loc, cust, batch, expiry, qty, notes, client_id, mutation_id, user_id, idem_key, idem_route, idem_hash)
    ), v AS (
      SELECT * FROM unnest(${variants.map((v) => v.i)}::int[], ${variants.map((v) => v.ean)}::text[]) AS v(ord, ean)
    ), r AS (
      SELECT x.*, p.id AS p_id, p.ean AS p_ean, p.title AS p_title,
             l.id AS l_id, l.kind AS l_kind, l.barcode AS l_barcode, l.is_active AS l_is_active, l.path AS l_path, l.stocktake AS l_stocktake,
             c.id AS c_id, c.company_name AS c_name, c.is_active AS c_is_active,
             k.key IS NOT NULL AS k_found, k.route AS k_route, k.request_hash AS k_hash, k.response AS k_response
      FROM x
      LEFT JOIN LATERAL (
        SELECT id, ean, title FROM products WHERE ean IN (SELECT v.ean FROM v WHERE v.ord = x.ord) ORDER BY ean = x.ean DESC LIMIT 1
      ) p ON true
      LEFT JOIN LATERAL (
        SELECT id, kind, barcode, is_active, ${locationPathSelect('locations.id')} AS path, ${openStocktakeOf('locations.id')} AS stocktake FROM locations
        WHERE barcode IN (x.loc, upper(x.loc)) ORDER BY barcode = x.loc DESC LIMIT 1
      ) l ON true
      LEFT JOIN customers c ON c.id = x.cust
      LEFT JOIN idempotency_keys k ON k.user_id = x.user_id AND k.key = x.idem_key
    ), ok AS (
      -- a known key books nothing (its answer is the stored one) and refuses nothing
      SELECT * FROM r WHERE NOT k_found AND NOT EXISTS (
        SELECT 1 FROM r bad WHERE NOT bad.k_found AND (
          bad.p_id IS NULL OR bad.l_id IS NULL OR bad.l_kind <> 'compartment' OR NOT bad.l_is_active OR bad.l_stocktake IS NOT NULL
          OR bad.c_id IS NULL OR NOT bad.c_is_active))
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
    ), keys AS (
      -- no ON CONFLICT: a key taken since the statement began undoes the whole statement (unique violation)
      INSERT INTO idempotency_keys (user_id, key, route, request_hash, status_code, response)
      SELECT user_id, idem_key, idem_route, idem_hash, 200, ${storedResponse} FROM booked JOIN ids USING (ord) WHERE idem_key IS NOT NULL
    )
    SELECT r.ord, r.p_id, r.p_ean, r.p_title, r.l_id, r.l_kind, r.l_barcode, r.l_is_active, r.l_path, r.l_stocktake, r.c_id, r.c_name, r.c_is_active,
           booked.stock_after AS stock_quantity,
           ids.mv_id::bigint AS movement_id, r.k_found, r.k_route, r.k_hash, r.k_response
    FROM r LEFT JOIN booked ON booked.ord = r.ord LEFT JOIN ids ON ids.ord = r.ord
    ORDER BY r.ord`.execute(db);
  // A refused scan means nothing was written: its refusal (the first in scan order) is the answer.
  const fresh = rows.flatMap((r, i) => (r.k_found ? [] : [{ r, input: items[i].input }]));
  if (fresh.some(({ r }) => r.movement_id === null)) for (const { r, input } of fresh) refusalOf(r, input);
  return items.map(({ input, idem }, i) => {
    const r = rows[i];
    if (!r.k_found || !idem) {
      const body = inboundResponse(input, bookedOf(r, input));
      return () => ({ body, replayed: false });
    }
    const stored = { route: r.k_route ?? '', request_hash: r.k_hash, response: r.k_response };
    return () => ({ body: replay(stored, idem.request.route, hashes[i] ?? '') as InboundResponse, replayed: true });
  });
}

/** Throws the row's refusal if it has one (bookedOf's checks); other rows pass. */
function refusalOf(r: Row, input: InboundRequest): void {
  try {
    bookedOf(r, input);
  } catch (e) {
    if (e instanceof AppError) throw e;
  }
}
