import { allocatePick } from '../../../shared/domain/pick-allocation';
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

/** What a pick or shortage scan refers to on the wave (server: picking/target.ts resolveTarget). */
export interface WaveTarget {
  order: WsWaveOrder;
  /** The order's lines of the scanned product (any GTIN form), in list order. */
  lines: WsWaveLine[];
  /** Their stops at the scanned place that still hold a reservation: lines in list order, FEFO inside. */
  here: WsWaveStop[];
  /** Still to pick over those lines. */
  remaining: number;
}

export interface TargetArgs {
  order_id: number;
  product_ean: string;
  location_barcode: string;
  quantity?: number;
}

/** The wave's status machine allows the action, or the server's WAVE_STATUS_CONFLICT. */
export function assertWaveAction(wave: WsWave, action: WaveAction): void {
  if (canDoWaveAction(wave.status, action)) return;
  throw new LocalStockError('WAVE_STATUS_CONFLICT', {
    number: wave.wave_number,
    status: WAVE_STATUS_LABELS[wave.status],
    action: WAVE_ACTION_LABELS[action],
    status_code: wave.status,
    action_code: action,
  });
}

/** The server reads reservations earliest expiry first (none last), then by stock row. */
function fefo(a: WsWaveStop, b: WsWaveStop): number {
  if (a.expiry_date !== b.expiry_date) {
    if (a.expiry_date === null) return 1;
    if (b.expiry_date === null) return -1;
    return a.expiry_date.localeCompare(b.expiry_date);
  }
  return a.stock_id - b.stock_id;
}

/**
 * Finds order, lines and stops of a scan, or refuses with the code and params
 * the server answers, in the server's order: wave status, order not in the
 * wave, order cancelled, product not in the order, no reservation of the lines at that place.
 */
export function waveTarget(wave: WsWave, args: TargetArgs, action: WaveAction = 'pick'): WaveTarget {
  assertWaveAction(wave, action);
  const order = wave.orders.find((o) => o.id === args.order_id);
  if (!order) throw new LocalStockError('PICK_ORDER_NOT_IN_WAVE', { order_id: args.order_id, wave: wave.wave_number });
  if (order.status === 'cancelled') throw new LocalStockError('PICK_ORDER_CANCELLED', { number: order.order_number });
  const eans = gtinVariants(args.product_ean);
  const lines = wave.lines.filter((l) => l.order_id === order.id && eans.includes(l.product_ean));
  if (lines.length === 0) throw new LocalStockError('PICK_PRODUCT_NOT_IN_ORDER', { ean: args.product_ean });
  // As the server: a complete line is "too many", not "wrong place".
  if (action === 'pick' && lines.every((l) => l.picked_quantity >= l.quantity_ordered)) {
    throw new LocalStockError('PICK_TOO_MANY', { remaining: 0, requested: args.quantity ?? 1, title: lines[0].product_title });
  }
  const rank = new Map(lines.map((l, i) => [l.order_item_id, i]));
  const all = wave.stops.filter((s) => rank.has(s.order_item_id) && s.quantity > 0).sort(fefo);
  const scanned = args.location_barcode.trim().toUpperCase();
  const here = all
    .filter((s) => s.location_barcode.toUpperCase() === scanned)
    .sort((a, b) => (rank.get(a.order_item_id) ?? 0) - (rank.get(b.order_item_id) ?? 0));
  if (here.length === 0) {
    const expected = [...new Set(all.map((s) => s.location_barcode))].join(', ');
    throw new LocalStockError('PICK_WRONG_LOCATION', { expected: expected || '–', scanned: args.location_barcode });
  }
  return { order, lines, here, remaining: lines.reduce((n, l) => n + l.quantity_ordered - l.picked_quantity, 0) };
}

export interface Take {
  stop: WsWaveStop;
  take: number;
}

/** The takes of `quantity` from the stops at the place (shared rule, as the server); PICK_LOCATION_INSUFFICIENT when the place holds less. */
export function allocate(t: WaveTarget, stops: readonly WsWaveStop[], quantity: number, limitOf: (line: WsWaveLine) => number): Take[] {
  const lines = new Map(t.lines.map((l) => [l.order_item_id, l]));
  const { takes, missing } = allocatePick(stops, quantity, (id) => {
    const line = lines.get(id);
    return line ? limitOf(line) : 0;
  });
  if (missing > 0) {
    throw new LocalStockError('PICK_LOCATION_INSUFFICIENT', { location: t.here[0].location_barcode, reserved: quantity - missing, requested: quantity });
  }
  return takes.map(({ row, take }) => ({ stop: row, take }));
}
