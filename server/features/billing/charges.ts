import { sql } from 'kysely';
import { CHARGE_CODES, type ChargeCode, WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import type { DbOrTrx } from '../../db/index';

/** Quantity per charge code of one customer and period (what an invoice line multiplies by its price). */
export type ChargeCounts = Record<ChargeCode, number>;

/**
 * Counts the billable activities of a customer in the Europe/Berlin days
 * `from`..`to` (both inclusive, YYYY-MM-DD), from the facts, with the rules of
 * docs/operations.md "Billing (Abrechnung)":
 *  - inbound_unit: units of `inbound` movements (Einlagern and goods receipt);
 *  - pick_unit: units of `order_pick` movements;
 *  - pick_line: an order's article picked in the period for the first time
 *    (an article picked over two periods counts once, in the first);
 *  - order_shipped / package / freight_pallet: orders shipped in the period
 *    (status shipped or completed; cancelled orders never ship), their parcels
 *    (num_packages of parcel shipments) and freight pallets (num_packages of
 *    freight shipments, one label per pallet);
 *  - return_unit: units received back at the dock (every return receipt,
 *    restocked, quarantined or disposed);
 *  - storage_place_day: occupied places summed over the period's snapshots.
 * One set-based statement (indexes of migration 0027), no loop over rows: the units in one pass
 * over the period's movements, and a line's earlier pick looked up only for the orders created
 * before the period (an order is picked after it is created).
 */
export async function countCharges(db: DbOrTrx, customerId: number, from: string, to: string): Promise<ChargeCounts> {
  const start = sql`(${from}::date)::timestamp AT TIME ZONE ${WAREHOUSE_TIME_ZONE}`;
  const end = sql`((${to}::date + 1)::timestamp) AT TIME ZONE ${WAREHOUSE_TIME_ZONE}`;
  const { rows } = await sql<Record<ChargeCode, number | string | null>>`
    WITH bounds AS (SELECT ${start} AS s, ${end} AS e),
    lines AS (
      SELECT DISTINCT m.order_id, m.product_id
      FROM stock_movements m, bounds b
      WHERE m.customer_id = ${customerId} AND m.movement_type = 'order_pick'
        AND m.created_at >= b.s AND m.created_at < b.e
    ),
    shipped AS (
      SELECT o.carrier_type, o.num_packages
      FROM outbound_orders o, bounds b
      WHERE o.customer_id = ${customerId} AND o.status IN ('shipped', 'completed')
        AND o.shipped_at >= b.s AND o.shipped_at < b.e
    )
    SELECT
      (SELECT COALESCE(SUM(places), 0) FROM storage_snapshots
        WHERE customer_id = ${customerId} AND day >= ${from}::date AND day <= ${to}::date) AS storage_place_day,
      units.inbound_unit,
      units.pick_unit,
      -- A line picked before the period belongs to an order created before it: only those are looked up.
      (SELECT COUNT(*) FROM lines) - (
        SELECT COUNT(*) FROM lines l JOIN outbound_orders o ON o.id = l.order_id, bounds b
        WHERE o.created_at < b.s AND EXISTS (
          SELECT 1 FROM stock_movements p
          WHERE p.order_id = l.order_id AND p.product_id = l.product_id AND p.customer_id = ${customerId}
            AND p.movement_type = 'order_pick' AND p.created_at < b.s
        )
      ) AS pick_line,
      (SELECT COUNT(*) FROM shipped) AS order_shipped,
      (SELECT COALESCE(SUM(num_packages), 0) FROM shipped WHERE carrier_type IS DISTINCT FROM 'freight') AS package,
      (SELECT COALESCE(SUM(num_packages), 0) FROM shipped WHERE carrier_type = 'freight') AS freight_pallet,
      (SELECT COALESCE(SUM(rr.quantity), 0) FROM return_receipts rr JOIN returns r ON r.id = rr.return_id, bounds b
        WHERE r.customer_id = ${customerId} AND rr.created_at >= b.s AND rr.created_at < b.e) AS return_unit
    FROM (
      -- Units in one pass over the period's movements.
      SELECT COALESCE(SUM(m.quantity) FILTER (WHERE m.movement_type = 'inbound'), 0) AS inbound_unit,
             COALESCE(SUM(-m.quantity) FILTER (WHERE m.movement_type = 'order_pick'), 0) AS pick_unit
      FROM stock_movements m, bounds b
      WHERE m.customer_id = ${customerId} AND m.movement_type IN ('inbound', 'order_pick')
        AND m.created_at >= b.s AND m.created_at < b.e
    ) units
  `.execute(db);
  const row = rows[0];
  return Object.fromEntries(CHARGE_CODES.map((code) => [code, Number(row[code] ?? 0)])) as ChargeCounts;
}
