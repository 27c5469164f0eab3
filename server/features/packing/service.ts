import { sql } from 'kysely';
import { isDisposableBarcode, PALLET_STATUS_LABELS } from '../../../shared/domain/pallets';
import { WAVE_STATUS_LABELS } from '../../../shared/domain/wave-status';
import { PACKING_MESSAGES } from '../../../shared/i18n/packing';
import type { MarkPackedRequest, MarkPackedResponse, PackingPalletOrder, PackingPalletResponse } from '../../../shared/schemas/packing';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { lockOrder } from '../outbound-orders/queries';
import { assertOrderAction } from '../outbound-orders/service';
import { writeStatusLog } from '../status-logs/writer';
import { emitOrderStatusChanged } from '../webhooks/domain-events';
import { itemsOf, lineSettled, palletOrders, waveOfOrder } from './queries';

/**
 * The packing station's pallet scan and mark-packed (docs/fulfilment.md
 * "Pallets after picking", "Status logs"). Transactions start in the
 * route; the order or pallet row is locked before it changes.
 */

function answer(barcode: string, kind: PackingPalletResponse['pallet_kind'], status: PackingPalletResponse['pallet_status'], orders: PackingPalletOrder[]) {
  return {
    pallet_barcode: barcode,
    pallet_kind: kind,
    pallet_status: status,
    total: orders.length,
    message: orders.length > 0 ? PACKING_MESSAGES.palletOrders(orders.length) : PACKING_MESSAGES.palletEmpty,
    orders,
  };
}

/** Visible orders, or 404 when the pallet only carries orders of customers outside the caller's scope (never leak). */
async function ordersFor(trx: Trx, actor: Actor, waveId: number, barcode: string) {
  const { orders, hidden } = await palletOrders(trx, actor, waveId);
  if (orders.length === 0 && hidden > 0) throw new AppError('PALLET_NOT_FOUND', { barcode });
  return orders;
}

/**
 * GET /outbound-orders/packing/pallet/{barcode}. A reusable pallet's first
 * scan moves it ready_for_packing → packing (the scanner becomes its
 * packer); a free pallet answers total 0. A pallet still being picked is a
 * German 409. DISP- labels: the wave they were used for.
 */
export async function scanPackingPallet(trx: Trx, actor: Actor, rawBarcode: string): Promise<PackingPalletResponse> {
  const barcode = rawBarcode.trim();
  if (isDisposableBarcode(barcode)) {
    const d = await trx.selectFrom('disposable_pallets').select(['id', 'barcode', 'status']).where('barcode', '=', barcode.toUpperCase()).executeTakeFirst();
    if (!d) throw new AppError('PALLET_NOT_FOUND', { barcode });
    const wave = await trx
      .selectFrom('picking_waves')
      .select(['id', 'status'])
      .where('disposable_pallet_id', '=', d.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!wave) return answer(d.barcode, 'disposable', null, []);
    if (wave.status !== 'completed') {
      throw new AppError('PACKING_PALLET_NOT_READY', { barcode: d.barcode, status: WAVE_STATUS_LABELS[wave.status], status_code: wave.status });
    }
    return answer(d.barcode, 'disposable', null, await ordersFor(trx, actor, wave.id, d.barcode));
  }
  const p = await trx
    .selectFrom('pallets')
    .select(['id', 'barcode', 'status', 'current_wave_id'])
    .where('barcode', '=', barcode)
    .forUpdate()
    .executeTakeFirst();
  if (!p) throw new AppError('PALLET_NOT_FOUND', { barcode });
  if (p.status === 'available' || p.current_wave_id === null) return answer(p.barcode, 'reusable', p.status, []);
  if (p.status === 'in_use') {
    throw new AppError('PACKING_PALLET_NOT_READY', { barcode: p.barcode, status: PALLET_STATUS_LABELS[p.status], status_code: p.status });
  }
  const orders = await ordersFor(trx, actor, p.current_wave_id, p.barcode);
  if (orders.length === 0) {
    // Every order of the cart left another way (cancelled): the pallet goes back to the pool.
    await trx
      .updateTable('pallets')
      .set({ status: 'available', current_wave_id: null, current_order_count: 0, picker_user_id: null, packer_user_id: null, updated_at: sql<Date>`now()` })
      .where('id', '=', p.id)
      .execute();
    return answer(p.barcode, 'reusable', 'available', []);
  }
  let status = p.status;
  if (p.status === 'ready_for_packing') {
    await trx.updateTable('pallets').set({ status: 'packing', packer_user_id: actor.id, updated_at: sql<Date>`now()` }).where('id', '=', p.id).execute();
    status = 'packing';
  }
  return answer(p.barcode, 'reusable', status, orders);
}

/**
 * POST /outbound-orders/{id}/mark-packed: picking → packed (packed_at,
 * packages, weight). Refused while a line is neither fully picked nor
 * recorded as shortage. Logs order_packed (with the lines that leave short;
 * each was logged as pick_discrepancy when picking ended, so no second
 * discrepancy event is written and the alerts count a shortage once).
 */
export async function markPacked(trx: Trx, actor: Actor, id: number, input: MarkPackedRequest): Promise<MarkPackedResponse> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, 'mark_packed');
  const items = (await itemsOf(trx, [id])).get(id) ?? [];
  const open = items.filter((i) => !lineSettled(i));
  if (open.length > 0) {
    throw new AppError('PACKING_ITEMS_OPEN', { number: o.order_number, lines: open.length, titles: open.map((i) => i.product_title).join(', ') });
  }
  const row = await trx
    .updateTable('outbound_orders')
    .set({
      status: 'packed',
      packed_at: sql<Date>`now()`,
      num_packages: input.num_packages,
      total_weight_grams: input.total_weight_grams ?? null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(['id', 'order_number', 'status', 'packed_at', 'num_packages', 'total_weight_grams'])
    .executeTakeFirstOrThrow();
  await emitOrderStatusChanged(trx, o, o.status, 'packed');
  const wave = await waveOfOrder(trx, id);
  const where = { order_id: id, wave_id: wave?.id ?? null, cart_id: wave?.cart_id ?? null };
  const short = items.filter((x) => x.picked_quantity < x.quantity);
  await writeStatusLog(trx, actor, {
    ...where,
    event_type: 'order_packed',
    old_status: o.status,
    new_status: 'packed',
    description: PACKING_MESSAGES.logPacked(o.order_number, input.num_packages),
    event_data: {
      order_number: o.order_number,
      num_packages: input.num_packages,
      total_weight_grams: input.total_weight_grams ?? null,
      pallet_barcode: wave?.pallet_barcode ?? null,
      // Already logged as pick_discrepancy when picking ended; repeated here so the packing log tells what left short.
      short_lines: short.map((i) => ({
        product_ean: i.product_ean,
        product_title: i.product_title,
        quantity_ordered: i.quantity,
        picked_quantity: i.picked_quantity,
      })),
    },
  });
  return { ...row, message: PACKING_MESSAGES.packed(o.order_number) };
}
