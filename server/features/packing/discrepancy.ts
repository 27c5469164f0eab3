import { sql } from 'kysely';
import { ORDER_STATUS_LABELS } from '../../../shared/domain/order-status';
import { gtinVariants, productCodeProblem } from '../../../shared/domain/product-code';
import { ITEM_DISCREPANCY_REASONS as R } from '../../../shared/i18n/errors/refusal-words';
import { ITEM_DISCREPANCY_KIND_LABELS, PACKING_MESSAGES } from '../../../shared/i18n/packing';
import type { ItemDiscrepancyRequest, ItemDiscrepancyResponse, PackingInfoItem } from '../../../shared/schemas/packing';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../../../shared/i18n/products';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { lockOrder } from '../outbound-orders/queries';
import { writeStatusLog } from '../status-logs/writer';
import { itemsOf, ON_PALLET_STATUSES, waveOfOrder } from './queries';

/**
 * POST /outbound-orders/{id}/item-discrepancy: the packing station's
 * verification scan found an article that is not in the order, or one scanned
 * more often than it was picked. The screen refuses the scan on its own (it
 * works offline) and reports it here; this logs item_discrepancy (docs/operations.md
 * "Alerts": medium) after checking that the report fits the order's lines.
 * The same report again (order, article, kind) answers the first entry.
 */

/** The same article however the GTIN was written (the screen's sameCode for EANs). */
function lineOf(items: PackingInfoItem[], ean: string): PackingInfoItem | undefined {
  const scanned = gtinVariants(ean);
  return items.find((i) => gtinVariants(i.product_ean).some((v) => scanned.includes(v)));
}

async function productTitle(trx: Trx, ean: string): Promise<string | null> {
  const p = await trx.selectFrom('products').select('title').where('ean', 'in', gtinVariants(ean)).orderBy('id').executeTakeFirst();
  return p?.title ?? null;
}

/**
 * The entry of an earlier report of the same article (any written form of the
 * GTIN) and kind for the order. A station resending its report, or scanning
 * the wrong article again, is one discrepancy: it logs once and raises the
 * alert once. The order row is locked (lockOrder), so two reports at once
 * cannot both miss each other.
 */
async function sameReport(trx: Trx, orderId: number, ean: string, kind: ItemDiscrepancyRequest['kind']): Promise<number | null> {
  const row = await trx
    .selectFrom('status_logs')
    .select('id')
    .where('event_type', '=', 'item_discrepancy')
    .where('order_id', '=', orderId)
    .where(sql<string>`event_data->>'kind'`, '=', kind)
    .where(sql<string>`event_data->>'product_ean'`, 'in', [...new Set([ean, ...gtinVariants(ean)])])
    .orderBy('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function reportItemDiscrepancy(trx: Trx, actor: Actor, id: number, input: ItemDiscrepancyRequest): Promise<ItemDiscrepancyResponse> {
  const ean = input.product_ean;
  const problem = productCodeProblem(ean);
  if (problem) throw new AppError('INVALID_EAN', { ean, reason: PRODUCT_CODE_PROBLEM_TEXT[problem], problem });
  const o = await lockOrder(trx, actor, id);
  if (!(ON_PALLET_STATUSES as readonly string[]).includes(o.status)) {
    throw new AppError('ITEM_DISCREPANCY_NOT_PACKING', { number: o.order_number, status: ORDER_STATUS_LABELS[o.status], status_code: o.status });
  }
  const line = lineOf((await itemsOf(trx, [id])).get(id) ?? [], ean);
  // reason_code and the numbers let a device word the reason (shared/i18n/errors/display.ts).
  const contradicts = (reason: string, reason_code: keyof typeof R, counts = {}) =>
    new AppError('ITEM_DISCREPANCY_CONTRADICTS', { number: o.order_number, kind: input.kind, reason, reason_code, ean, ...counts });
  if (input.kind === 'not_in_order' && line) throw contradicts(R.inOrder(ean), 'inOrder');
  if (input.kind === 'over_picked') {
    if (!line) throw contradicts(R.notInOrder(ean), 'notInOrder');
    if (input.scanned_quantity !== undefined && input.scanned_quantity <= line.picked_quantity) {
      const counts = { scanned: input.scanned_quantity, picked: line.picked_quantity };
      throw contradicts(R.notOver(ean, counts.scanned, counts.picked), 'notOver', counts);
    }
  }
  const message = PACKING_MESSAGES.itemDiscrepancyLogged(o.order_number);
  const earlier = await sameReport(trx, id, ean, input.kind);
  if (earlier !== null) return { id: earlier, message };
  const wave = await waveOfOrder(trx, id);
  const logId = await writeStatusLog(trx, actor, {
    event_type: 'item_discrepancy',
    order_id: id,
    wave_id: wave?.id ?? null,
    cart_id: wave?.cart_id ?? null,
    description: PACKING_MESSAGES.logItemDiscrepancy(o.order_number, ean, input.kind),
    event_data: {
      order_number: o.order_number,
      product_ean: ean,
      product_title: line?.product_title ?? (await productTitle(trx, ean)),
      kind: input.kind,
      kind_label: ITEM_DISCREPANCY_KIND_LABELS[input.kind],
      scanned_quantity: input.scanned_quantity ?? null,
      ...(line ? { quantity_ordered: line.quantity, picked_quantity: line.picked_quantity } : {}),
      pallet_barcode: wave?.pallet_barcode ?? null,
    },
  });
  return { id: logId, message };
}
