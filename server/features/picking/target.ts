import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import { canDoWaveAction, WAVE_ACTION_LABELS, WAVE_STATUS_LABELS, type WaveAction } from '../../../shared/domain/wave-status';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { assertHolder } from '../waves/holder';
import { type LockedWave, lockWave } from '../waves/queries';

/**
 * What a pick or a shortage scan points at, with the refusals both share
 * (docs/fulfilment.md "What books stock"): the wave (locked, so scans
 * on one wave run one after the other; held by nobody else, WAVE_TAKEN), the order in it, the order's lines
 * of the scanned product (any GTIN form of the EAN) and the reservations of
 * those lines at the scanned place (lower-case scans match: barcodes are
 * printed upper-case).
 */

/** 409 WAVE_STATUS_CONFLICT (German status and action labels) unless the wave's status allows the action. */
export function assertWaveAction(wave: Pick<LockedWave, 'wave_number' | 'status'>, action: WaveAction): void {
  if (canDoWaveAction(wave.status, action)) return;
  throw new AppError('WAVE_STATUS_CONFLICT', {
    number: wave.wave_number,
    status: WAVE_STATUS_LABELS[wave.status],
    action: WAVE_ACTION_LABELS[action],
    status_code: wave.status,
    action_code: action,
  });
}

export interface TargetLine {
  order_item_id: number;
  product_id: number;
  title: string;
  quantity: number;
  picked_quantity: number;
}

export interface TargetReservation {
  order_item_id: number;
  stock_id: number;
  quantity: number;
  batch_number: string;
  expiry_date: string | null;
  location_id: number;
  location_barcode: string;
}

export interface PickTarget {
  wave: LockedWave;
  customer_id: number;
  order_number: string;
  lines: TargetLine[];
  /** Reservations of the lines at the scanned place, lines in list order, FEFO inside. */
  here: TargetReservation[];
  location_barcode: string;
}

export async function resolveTarget(
  trx: Trx,
  actor: Actor,
  waveId: number,
  action: WaveAction,
  scan: { order_id: number; product_ean: string; location_barcode: string; quantity?: number },
): Promise<PickTarget> {
  const wave = await lockWave(trx, actor, waveId);
  assertWaveAction(wave, action);
  await assertHolder(trx, wave, actor);
  if (!wave.order_ids.includes(scan.order_id)) throw new AppError('PICK_ORDER_NOT_IN_WAVE', { order_id: scan.order_id, wave: wave.wave_number });
  const order = await trx
    .selectFrom('outbound_orders')
    .select(['customer_id', 'order_number', 'status'])
    .where('id', '=', scan.order_id)
    .executeTakeFirstOrThrow();
  // Cancelled in the office (its reservations are gone): say so rather than "wrong place".
  if (order.status === 'cancelled') throw new AppError('PICK_ORDER_CANCELLED', { number: order.order_number });
  const lines = await trx
    .selectFrom('outbound_order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id as order_item_id', 'i.product_id', 'p.title', 'i.quantity', 'i.picked_quantity'])
    .where('i.order_id', '=', scan.order_id)
    .where('p.ean', 'in', gtinVariants(scan.product_ean))
    .orderBy('i.sort_index')
    .orderBy('i.id')
    .execute();
  if (lines.length === 0) throw new AppError('PICK_PRODUCT_NOT_IN_ORDER', { ean: scan.product_ean });
  // A line already complete has no place left: "too many" tells the picker more than "wrong place".
  if (action === 'pick' && lines.every((l) => l.picked_quantity >= l.quantity)) {
    throw new AppError('PICK_TOO_MANY', { remaining: 0, requested: scan.quantity ?? 1, title: lines[0].title });
  }
  const all = await trx
    .selectFrom('order_reservations as r')
    .innerJoin('stock as s', 's.id', 'r.stock_id')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .select([
      'r.order_item_id',
      'r.stock_id',
      'r.quantity',
      's.batch_number',
      's.expiry_date',
      's.location_id',
      sql<string>`coalesce(l.barcode, l.id::text)`.as('location_barcode'),
    ])
    .where(
      'r.order_item_id',
      'in',
      lines.map((l) => l.order_item_id),
    )
    .orderBy(sql`s.expiry_date ASC NULLS LAST`)
    .orderBy('r.stock_id')
    .execute();
  const scanned = scan.location_barcode.trim().toUpperCase();
  const lineRank = new Map(lines.map((l, i) => [l.order_item_id, i]));
  const here = all
    .filter((r) => r.location_barcode.toUpperCase() === scanned)
    .sort((a, b) => (lineRank.get(a.order_item_id) ?? 0) - (lineRank.get(b.order_item_id) ?? 0));
  if (here.length === 0) {
    const expected = [...new Set(all.map((r) => r.location_barcode))].join(', ');
    throw new AppError('PICK_WRONG_LOCATION', { expected: expected || '–', scanned: scan.location_barcode });
  }
  return { wave, customer_id: order.customer_id, order_number: order.order_number, lines, here, location_barcode: here[0].location_barcode };
}

/** Marks the wave changed in the scan's transaction, so the devices' working set pulls it again. */
export async function touchWave(trx: Trx, waveId: number): Promise<void> {
  await trx.updateTable('picking_waves').set({ updated_at: sql<string>`now()` }).where('id', '=', waveId).execute();
}
