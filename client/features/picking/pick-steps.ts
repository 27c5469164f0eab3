import { BASE_UNIT_LABELS } from '../../../shared/constants';
import { type VeItem, type VeRecommendation, veRecommendation } from '../../../shared/domain/ve-recommendation';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import type { SaveProgressRequest } from '../../../shared/schemas/waves';
import type { WsWave, WsWaveLine, WsWaveOrder, WsWaveStop } from '../../../shared/schemas/picking';

/**
 * Single-order picking without React: the wave's lines as the products to
 * walk, each with its open stops (quantity > 0, route order), and a cursor
 * {item, loc} that Weiter/Zurück move over the open stops only. A stop that
 * is picked empty disappears, so after a pick the same cursor points at the
 * next open stop of the product (normalize moves on when there is none).
 */

export interface PickItem {
  order: WsWaveOrder;
  line: WsWaveLine;
  /** Open stops of the line in route order. */
  stops: WsWaveStop[];
  /** Units no open stop covers any more (ordered − picked − still reserved). */
  shortage: number;
}

export interface Cursor {
  item: number;
  loc: number;
}

export type ScanStepName = 'ean' | 'location';

/**
 * Lines in route order of their first open stop. Lines with nothing open any
 * more come first (in list order): picking walks the route, so they are the
 * ones behind the picker, and the numbering 'Produkt n von m' stays put while
 * the products are picked one after the other.
 */
export function buildItems(wave: WsWave): PickItem[] {
  const orders = new Map(wave.orders.map((o) => [o.id, o]));
  const items: PickItem[] = [];
  for (const line of wave.lines) {
    const order = orders.get(line.order_id);
    // A cancelled order has nothing left to pick (its reservations are released).
    if (!order || order.status === 'cancelled') continue;
    const stops = wave.stops.filter((s) => s.order_item_id === line.order_item_id && s.quantity > 0).sort((a, b) => a.sequence - b.sequence);
    const reserved = stops.reduce((n, s) => n + s.quantity, 0);
    items.push({ order, line, stops, shortage: Math.max(0, line.quantity_ordered - line.picked_quantity - reserved) });
  }
  const first = (i: PickItem) => (i.stops.length > 0 ? i.stops[0].sequence : Number.NEGATIVE_INFINITY);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (first(a.item) === first(b.item) ? 0 : first(a.item) - first(b.item)) || a.index - b.index)
    .map((x) => x.item);
}

export function hasOpenStops(items: readonly PickItem[]): boolean {
  return items.some((i) => i.stops.length > 0);
}

/** The cursor on an open stop: itself when valid, else the next open stop after it, else the first open stop before it; null when nothing is open. */
export function normalize(items: readonly PickItem[], c: Cursor): Cursor | null {
  const item = Math.max(0, Math.min(c.item, items.length - 1));
  if (items[item] && c.loc >= 0 && c.loc < items[item].stops.length) return { item, loc: c.loc };
  for (let i = item + 1; i < items.length; i++) if (items[i].stops.length > 0) return { item: i, loc: 0 };
  for (let i = 0; i < items.length; i++) if (items[i].stops.length > 0) return { item: i, loc: 0 };
  return null;
}

export function next(items: readonly PickItem[], c: Cursor): Cursor | null {
  if (c.loc + 1 < (items[c.item]?.stops.length ?? 0)) return { item: c.item, loc: c.loc + 1 };
  for (let i = c.item + 1; i < items.length; i++) if (items[i].stops.length > 0) return { item: i, loc: 0 };
  return null;
}

export function prev(items: readonly PickItem[], c: Cursor): Cursor | null {
  if (c.loc > 0) return { item: c.item, loc: c.loc - 1 };
  for (let i = c.item - 1; i >= 0; i--) if (items[i].stops.length > 0) return { item: i, loc: items[i].stops.length - 1 };
  return null;
}

/** Where to continue: the saved position (this device's or another's via get-progress), checked against what is still open. */
export function resumePosition(items: readonly PickItem[], progress: SaveProgressRequest | null | undefined): { cursor: Cursor | null; step: ScanStepName } {
  const cursor = normalize(items, progress ? { item: progress.current_item_index, loc: progress.current_location_index } : { item: 0, loc: 0 });
  const same = progress && cursor && cursor.item === progress.current_item_index && cursor.loc === progress.current_location_index;
  return { cursor, step: same && progress.scan_step === 'location' ? 'location' : 'ean' };
}

export function progressOf(c: Cursor, step: ScanStepName): SaveProgressRequest {
  return { current_item_index: c.item, current_location_index: c.loc, scan_step: step, picked_items: [] };
}

// ─── VE confirmation ───

export interface VeRow {
  name: string;
  unit_size: number;
  count: number;
}

/** Whether the line is packed in VE (a box size above 1): then the picker confirms the counts per packaging type. */
export function hasVe(line: Pick<WsWaveLine, 'units_per_box'>): boolean {
  return (line.units_per_box ?? 0) > 1;
}

/** The packaging types of the line (pallet, box, piece), counts preset with the recommendation for `target`. */
export function veRows(line: Pick<WsWaveLine, 'units_per_box' | 'boxes_per_pallet'>, target: number): VeRow[] {
  const rec = veRecommendation(target, line);
  const box = line.units_per_box && line.units_per_box > 1 ? line.units_per_box : null;
  const U = texts(BASE_UNIT_LABELS);
  const types: Omit<VeItem, 'count'>[] = [];
  if (box && line.boxes_per_pallet && line.boxes_per_pallet > 0) types.push({ name: U.pallet, unit_size: box * line.boxes_per_pallet });
  if (box) types.push({ name: U.box, unit_size: box });
  types.push({ name: U.piece, unit_size: 1 });
  return types.map((t) => ({ ...t, count: rec.items.find((i) => i.unit_size === t.unit_size)?.count ?? 0 }));
}

export function veTotal(rows: readonly VeRow[]): number {
  return rows.reduce((n, r) => n + Math.max(0, Math.floor(r.count)) * r.unit_size, 0);
}

/** A total the pick may book: 1 … target. */
export function veValid(rows: readonly VeRow[], target: number): boolean {
  const t = veTotal(rows);
  return t >= 1 && t <= target;
}

/** The word for a unit code of the lines ('piece' → 'Stück', in the language in use); other texts as they are. */
export function unitLabel(unit: string): string {
  return Object.entries(texts(BASE_UNIT_LABELS)).find(([code]) => code === unit)?.[1] ?? unit;
}

/** The VE recommendation in the language in use, e.g. "2 Karton à 6 Stück + 3 Stück" (its German text: shared/domain/ve-recommendation.ts). */
export function veText(rec: VeRecommendation): string {
  const piece = unitLabel('piece');
  if (rec.items.length === 0) return `0 ${piece}`;
  const german = Object.entries(BASE_UNIT_LABELS);
  const name = (n: string) => unitLabel(german.find(([, label]) => label === n)?.[0] ?? n);
  const per = texts(PICKING_UI).vePer;
  return rec.items
    .map((i) => (i.unit_size === 1 ? `${i.count} ${piece}` : `${i.count} ${name(i.name)} ${formatMessage(per, { size: i.unit_size })}`))
    .join(' + ');
}
