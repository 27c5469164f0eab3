import { sql } from 'kysely';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { PREPARED } from '../../db/prepared';

/**
 * Books the takes of a run of picks decided in memory (picks-many.ts) in ONE
 * statement, with the effects consumeReservation (reservation-use.ts) and
 * removeStock (stock/ledger.ts) have take by take: each reservation row
 * shrinks by its takes (deleted at 0), each line's picked quantity rises,
 * each stock row loses quantity and reservation together, one `order_pick`
 * movement per take in take order (ids in that order, so the history lists
 * the picks as they came), and each wave picked on is touched. The guards of
 * the one-by-one path are kept: when a row is not as the run read it (a
 * writer that did not lock the wave), the statement's counts do not match and
 * the run fails; the replay then books one by one (sync/server/push-span.ts).
 */

export interface PickTake {
  order_item_id: number;
  stock_id: number;
  quantity: number;
  order_id: number;
  unit: string;
  wave_id: number;
  mutation_id: number;
}

interface Counts {
  reservations: number;
  lines: number;
  stock: number;
  movements: number;
}

/** Sums of `take.quantity` per key, in first-seen order. */
function sums<K extends string | number>(takes: PickTake[], key: (t: PickTake) => K): Map<K, number> {
  const m = new Map<K, number>();
  for (const t of takes) m.set(key(t), (m.get(key(t)) ?? 0) + t.quantity);
  return m;
}

export async function writePickTakes(trx: Trx, actor: Actor, clientId: string, takes: PickTake[]): Promise<void> {
  if (takes.length === 0) return;
  const pairs = [...sums(takes, (t) => `${t.order_item_id}:${t.stock_id}`)].map(([k, n]) => {
    const [item, stock] = k.split(':').map(Number);
    return { item, stock, n };
  });
  const lines = [...sums(takes, (t) => t.order_item_id)];
  // One lock order for every run (stock rows by id, below), so concurrent replays queue instead of deadlocking.
  const stock = [...sums(takes, (t) => t.stock_id)].sort((a, b) => a[0] - b[0]);
  const waves = [...new Set(takes.map((t) => t.wave_id))].sort((a, b) => a - b);
  const col = <T>(f: (t: PickTake) => T) => takes.map(f);
  const { rows } = await sql<Counts>`${PREPARED}
    WITH rx AS (
      SELECT * FROM unnest(${pairs.map((p) => p.item)}::int[], ${pairs.map((p) => p.stock)}::int[], ${pairs.map((p) => p.n)}::int[]) AS rx(item, stock, n)
    ), gone AS (
      DELETE FROM order_reservations r USING rx WHERE r.order_item_id = rx.item AND r.stock_id = rx.stock AND r.quantity = rx.n RETURNING r.id
    ), shrunk AS (
      UPDATE order_reservations r SET quantity = r.quantity - rx.n FROM rx
      WHERE r.order_item_id = rx.item AND r.stock_id = rx.stock AND r.quantity > rx.n RETURNING r.id
    ), li AS (
      UPDATE outbound_order_items i SET picked_quantity = i.picked_quantity + lx.n
      FROM unnest(${lines.map((l) => l[0])}::int[], ${lines.map((l) => l[1])}::int[]) AS lx(id, n)
      WHERE i.id = lx.id RETURNING i.id
    ), sx AS (
      -- the stock rows locked in id order first
      SELECT locked.id, x.n FROM (SELECT id FROM stock WHERE id = ANY(${stock.map((s) => s[0])}::int[]) ORDER BY id FOR UPDATE) locked
      JOIN unnest(${stock.map((s) => s[0])}::int[], ${stock.map((s) => s[1])}::int[]) AS x(id, n) ON x.id = locked.id
    ), st AS (
      UPDATE stock s SET quantity = s.quantity - sx.n, reserved_quantity = s.reserved_quantity - sx.n, updated_at = now()
      FROM sx WHERE s.id = sx.id AND s.reserved_quantity >= sx.n
      RETURNING s.id, s.product_id, s.customer_id, s.location_id, s.batch_number, s.expiry_date
    ), t AS (
      SELECT * FROM unnest(${takes.map((_, i) => i)}::int[], ${col((t) => t.stock_id)}::int[], ${col((t) => t.quantity)}::int[],
                           ${col((t) => t.unit)}::text[], ${col((t) => t.order_id)}::int[], ${col((t) => t.mutation_id)}::bigint[])
        AS t(ord, stock_id, n, unit, order_id, mutation_id)
    ), ids AS (
      SELECT ord, nextval('stock_movements_id_seq') AS mv_id FROM (SELECT ord FROM t ORDER BY ord) o
    ), mv AS (
      INSERT INTO stock_movements (id, movement_type, product_id, customer_id, location_id, stock_id, batch_number, expiry_date, quantity, unit,
                                   user_id, order_id, client_id, mutation_id)
      SELECT ids.mv_id, 'order_pick', st.product_id, st.customer_id, st.location_id, st.id, st.batch_number, st.expiry_date, -t.n, t.unit,
             ${actor.id}::int, t.order_id, ${clientId}::text, t.mutation_id
      FROM t JOIN st ON st.id = t.stock_id JOIN ids USING (ord) ORDER BY ord
      RETURNING id
    ), w AS (
      UPDATE picking_waves SET updated_at = now() WHERE id = ANY(${waves}::int[]) RETURNING id
    )
    SELECT (SELECT count(*) FROM gone)::int + (SELECT count(*) FROM shrunk)::int AS reservations,
           (SELECT count(*) FROM li)::int AS lines, (SELECT count(*) FROM st)::int AS stock, (SELECT count(*) FROM mv)::int AS movements`.execute(trx);
  const c = rows[0];
  if (c.reservations !== pairs.length || c.lines !== lines.length || c.stock !== stock.length || c.movements !== takes.length) {
    throw new Error(`set-based picks: the rows were not as read (${JSON.stringify(c)})`);
  }
}
