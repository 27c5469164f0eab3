import { gtinVariants } from '../../../shared/domain/product-code';
import { canDoWaveAction, WAVE_ACTION_LABELS, WAVE_STATUS_LABELS, type WaveAction } from '../../../shared/domain/wave-status';
import { WaveEntity, type WsWave, type WsWaveLine, type WsWaveOrder, type WsWaveStop } from '../../../shared/schemas/picking';
import { overlayRow } from '../../../sync/device/overlay';
import type { LagerwerkDb } from '../../db';
import { LocalStockError, pendingEntries } from '../stock/local-stock';

/**
 * Reads of the local wave working set that the picking screen and the
 * picking commands' plans ask, also offline: the pulled wave with the row
 * patches of the not yet covered outbox entries laid over it, so a second
 * scan already counts the first one.
 */

export interface LocalWave {
  wave: WsWave;
  /** Changed by a pick, shortage or position the server has not confirmed in pulled data yet. */
  pending: boolean;
}

export async function localWave(db: LagerwerkDb, id: number): Promise<LocalWave | null> {
  const stored = await db.waves.get(id);
  if (!stored) return null;
  const { row, pending } = overlayRow(WaveEntity.name, stored, await pendingEntries(db));
  return { wave: row, pending };
}

/** What a pick or shortage scan refers to on the wave. */
export interface WaveTarget {
  order: WsWaveOrder;
  line: WsWaveLine;
  /** The line's stops at the scanned place that still hold a reservation, in route order. */
  stops: WsWaveStop[];
  /** Still to pick on the line. */
  remaining: number;
}

export interface TargetArgs {
  order_id: number;
  product_ean: string;
  location_barcode: string;
}

const sameBarcode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The wave's status machine allows the action, or the server's WAVE_STATUS_CONFLICT. */
export function assertWaveAction(wave: WsWave, action: WaveAction): void {
  if (canDoWaveAction(wave.status, action)) return;
  throw new LocalStockError('WAVE_STATUS_CONFLICT', {
    number: wave.wave_number,
    status: WAVE_STATUS_LABELS[wave.status],
    action: WAVE_ACTION_LABELS[action],
    status_code: wave.status,
  });
}

/**
 * Finds order, line and stops of a scan, or refuses with the code and params
 * the server answers: wave not in `picking`, order not in the wave, product
 * not in the order, no reservation of the line at that place.
 */
export function waveTarget(wave: WsWave, args: TargetArgs, action: WaveAction = 'pick'): WaveTarget {
  assertWaveAction(wave, action);
  const order = wave.orders.find((o) => o.id === args.order_id);
  if (!order) throw new LocalStockError('PICK_ORDER_NOT_IN_WAVE', { order_id: args.order_id, wave: wave.wave_number });
  const eans = gtinVariants(args.product_ean);
  const lines = wave.lines.filter((l) => l.order_id === order.id && eans.includes(l.product_ean));
  if (lines.length === 0) throw new LocalStockError('PICK_PRODUCT_NOT_IN_ORDER', { ean: args.product_ean });
  // Of two lines with the same product, the one still open comes first.
  const line = lines.find((l) => l.quantity_ordered > l.picked_quantity) ?? lines[0];
  const open = wave.stops.filter((s) => s.order_item_id === line.order_item_id && s.quantity > 0);
  const stops = open.filter((s) => sameBarcode(s.location_barcode, args.location_barcode));
  if (stops.length === 0) {
    const expected = [...new Set(open.map((s) => s.location_barcode))].join(', ');
    throw new LocalStockError('PICK_WRONG_LOCATION', { expected, scanned: args.location_barcode });
  }
  return { order, line, stops, remaining: Math.max(0, line.quantity_ordered - line.picked_quantity) };
}

/** How `quantity` is taken from the stops (route order, a given batch only): what each stop gives. */
export function spreadOverStops(stops: readonly WsWaveStop[], quantity: number, batch: string | null = null): Array<{ stop: WsWaveStop; take: number }> {
  const out: Array<{ stop: WsWaveStop; take: number }> = [];
  let rest = quantity;
  for (const stop of stops) {
    if (rest <= 0) break;
    if (batch && stop.batch_number !== batch) continue;
    const take = Math.min(rest, stop.quantity);
    if (take > 0) out.push({ stop, take });
    rest -= take;
  }
  return out;
}
