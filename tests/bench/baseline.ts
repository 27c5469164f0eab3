import pg from 'pg';
import type { Booker } from './booking';
import { pick, POOL_SIZE, type Seed } from './setup';

/**
 * The baseline every booking figure is compared with (docs/performance.md): the whole
 * Einlagern effect as ONE named (prepared) statement through `pg` — a CTE that
 * resolves product, place and customer, upserts the stock row and writes the
 * movement. One round trip, parsed and planned once per connection, atomic
 * without BEGIN/COMMIT: the fastest way this schema can book.
 */
const BOOK_ONE = `
WITH p AS (SELECT id FROM products WHERE ean = $1),
     l AS (SELECT id FROM locations WHERE barcode = $2 AND kind = 'compartment' AND is_active),
     c AS (SELECT id FROM customers WHERE id = $3 AND is_active),
     s AS (
       INSERT INTO stock (product_id, customer_id, location_id, batch_number, expiry_date, quantity)
       SELECT p.id, c.id, l.id, '', NULL, $4 FROM p, l, c
       ON CONFLICT ON CONSTRAINT stock_identity DO UPDATE SET quantity = stock.quantity + excluded.quantity, updated_at = now()
       RETURNING id, product_id, customer_id, location_id, quantity
     )
INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, batch_number, quantity, user_id)
SELECT 'inbound', s.product_id, s.customer_id, s.location_id, s.id, '', $4, $5 FROM s
RETURNING id`;

export function oneStatementBooker(url: string, s: Seed): Booker {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  return {
    one: async () => {
      const qty = 1 + Math.floor(Math.random() * 5);
      const r = await pool.query({ name: 'bench_book_inbound', text: BOOK_ONE, values: [pick(s.eans), pick(s.barcodes), s.customerId, qty, s.userId] });
      return r.rowCount === 1;
    },
    close: () => pool.end(),
  };
}
