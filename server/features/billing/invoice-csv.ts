import { sql } from 'kysely';
import { type ChargeCode, WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import { CHARGE_CODE_LABELS, INVOICE_CSV as C } from '../../../shared/i18n/billing';
import type { InvoiceDetail } from '../../../shared/schemas/invoices';
import { CSV_BOM, csvLine } from '../../csv';
import type { DbOrTrx } from '../../db/index';

/**
 * The activities behind an invoice's lines (GET /invoices/{id}/lines.csv,
 * docs/operations.md "Billing (Abrechnung)"): one row per movement, order
 * line, shipped order, return receipt or storage snapshot, with the same
 * rules as countCharges (server/features/billing/charges.ts), so each line's
 * quantity is the sum of its rows. A cancellation invoice's rows are negated
 * like its lines. Only codes that have a line are listed.
 */

interface ActivityRow {
  day: string;
  code: ChargeCode;
  ref_kind: 'order' | 'order_line' | 'notification' | 'place' | 'return' | 'snapshot';
  ref: string | null;
  ref2: string | null;
  quantity: number | string;
}

export async function activityRows(db: DbOrTrx, customerId: number, from: string, to: string): Promise<ActivityRow[]> {
  const tz = WAREHOUSE_TIME_ZONE;
  const start = sql`(${from}::date)::timestamp AT TIME ZONE ${tz}`;
  const end = sql`((${to}::date + 1)::timestamp) AT TIME ZONE ${tz}`;
  const dayOf = (col: string) => sql`to_char(${sql.ref(col)} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
  const { rows } = await sql<ActivityRow>`
    WITH bounds AS (SELECT ${start} AS s, ${end} AS e),
    moves AS (
      SELECT m.id, m.movement_type, m.order_id, m.product_id, m.quantity, m.created_at, m.location_id, m.inbound_notification_id
      FROM stock_movements m, bounds b
      WHERE m.customer_id = ${customerId} AND m.movement_type IN ('inbound', 'order_pick')
        AND m.created_at >= b.s AND m.created_at < b.e
    ),
    shipped AS (
      SELECT o.order_number, o.carrier_type, o.num_packages, o.shipped_at
      FROM outbound_orders o, bounds b
      WHERE o.customer_id = ${customerId} AND o.status IN ('shipped', 'completed')
        AND o.shipped_at >= b.s AND o.shipped_at < b.e
    ),
    first_picks AS (
      SELECT order_id, product_id, MIN(created_at) AS created_at FROM moves WHERE movement_type = 'order_pick' GROUP BY order_id, product_id
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, 'storage_place_day' AS code, 'snapshot' AS ref_kind, NULL AS ref, NULL AS ref2, places AS quantity
      FROM storage_snapshots WHERE customer_id = ${customerId} AND day >= ${from}::date AND day <= ${to}::date AND places > 0
    UNION ALL
    SELECT ${dayOf('m.created_at')}, 'inbound_unit', CASE WHEN n.id IS NULL THEN 'place' ELSE 'notification' END, n.notification_number, l.barcode, m.quantity
      FROM moves m LEFT JOIN inbound_notifications n ON n.id = m.inbound_notification_id LEFT JOIN locations l ON l.id = m.location_id
      WHERE m.movement_type = 'inbound'
    UNION ALL
    SELECT ${dayOf('f.created_at')}, 'pick_line', 'order_line', o.order_number, p.ean, 1
      FROM first_picks f JOIN outbound_orders o ON o.id = f.order_id JOIN products p ON p.id = f.product_id
      WHERE NOT EXISTS (
        SELECT 1 FROM stock_movements x, bounds b
        WHERE x.order_id = f.order_id AND x.product_id = f.product_id AND x.customer_id = ${customerId}
          AND x.movement_type = 'order_pick' AND x.created_at < b.s)
    UNION ALL
    SELECT ${dayOf('m.created_at')}, 'pick_unit', 'order', o.order_number, NULL, -m.quantity
      FROM moves m LEFT JOIN outbound_orders o ON o.id = m.order_id WHERE m.movement_type = 'order_pick'
    UNION ALL
    SELECT ${dayOf('shipped_at')}, 'order_shipped', 'order', order_number, NULL, 1 FROM shipped
    UNION ALL
    SELECT ${dayOf('shipped_at')}, CASE WHEN carrier_type = 'freight' THEN 'freight_pallet' ELSE 'package' END, 'order', order_number, NULL, num_packages
      FROM shipped WHERE COALESCE(num_packages, 0) > 0
    UNION ALL
    SELECT ${dayOf('rr.created_at')}, 'return_unit', 'return', r.return_number, NULL, rr.quantity
      FROM return_receipts rr JOIN returns r ON r.id = rr.return_id, bounds b
      WHERE r.customer_id = ${customerId} AND rr.created_at >= b.s AND rr.created_at < b.e
    ORDER BY 1, 2, 4`.execute(db);
  return rows;
}

function reference(r: ActivityRow): string {
  if (r.ref_kind === 'snapshot') return C.snapshot;
  if (r.ref_kind === 'order_line') return C.orderLine(r.ref ?? '', r.ref2 ?? '');
  if (r.ref_kind === 'notification') return C.notification(r.ref ?? '', r.ref2 ?? '');
  if (r.ref_kind === 'place') return C.place(r.ref2 ?? '');
  if (r.ref_kind === 'return') return C.returnReceipt(r.ref ?? '');
  return C.order(r.ref ?? '');
}

export async function invoiceLinesCsv(db: DbOrTrx, inv: InvoiceDetail): Promise<string> {
  const sign = inv.kind === 'cancellation' ? -1 : 1;
  const price = new Map(inv.lines.map((l) => [l.code, l.unit_price_cents]));
  const rows = await activityRows(db, inv.customer_id, inv.period_from, inv.period_to);
  let out = CSV_BOM + csvLine(C.headers);
  for (const r of rows) {
    const unit = price.get(r.code);
    if (unit === undefined) continue;
    const quantity = sign * Number(r.quantity);
    out += csvLine([r.day, CHARGE_CODE_LABELS[r.code], r.code, reference(r), String(quantity), String(unit), String(quantity * unit)]);
  }
  return out;
}
