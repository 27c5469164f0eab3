import { MAX_ORDERS_PER_WAVE } from '../../../shared/constants';
import { VALIDATION } from '../../../shared/i18n/validation';
import type { AvailableOrdersInput } from '../../../shared/schemas/wave-planning';

/** Pure rules of the wave builder: bar tones, number formats, the route map's geometry, the manual selection. */

// ─── capacity bars (spec §9: above 75 % yellow, above 95 % red) ──────────────

export type BarTone = 'green' | 'yellow' | 'red';
export const BAR_YELLOW_ABOVE = 75;
export const BAR_RED_ABOVE = 95;

export function barTone(percent: number): BarTone {
  if (percent > BAR_RED_ABOVE) return 'red';
  if (percent > BAR_YELLOW_ABOVE) return 'yellow';
  return 'green';
}

/** Width of a bar's fill: 0–100 % whatever the value (an overfull pallet still fits its track). */
export function barWidth(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(100, percent));
}

const oneDecimal = (n: number) => n.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "42,5 %" */
export const formatPercent = (n: number) => `${oneDecimal(n)} %`;
/** "123,4 kg" */
export const formatKg = (n: number) => `${oneDecimal(n)} kg`;
/** "12,5 m" (route lengths; whole metres without a decimal). */
export const formatMetres = (n: number) => `${n.toLocaleString('de-DE', { maximumFractionDigits: 1 })} m`;

// ─── route map geometry ──────────────────────────────────────────────────────

export interface Point {
  x: number;
  y: number;
}

/**
 * The walking route as the picker walks it under the route metric of docs/fulfilment.md
 * (|Δx| + |Δy|): from the origin through every stop and back to the origin,
 * each leg an L – first along x, then along y. Returns the polyline's corner
 * points (no duplicates where a leg is straight).
 */
export function manhattanPath(stops: readonly Point[], origin: Point = { x: 0, y: 0 }): Point[] {
  const out: Point[] = [origin];
  const push = (p: Point) => {
    const last = out[out.length - 1];
    if (last.x !== p.x || last.y !== p.y) out.push(p);
  };
  let at = origin;
  for (const next of [...stops, origin]) {
    push({ x: next.x, y: at.y });
    push(next);
    at = next;
  }
  return out;
}

/** Length of a polyline under the Manhattan metric (the same number as the route length for a manhattanPath). */
export function pathLength(points: readonly Point[]): number {
  let s = 0;
  for (let i = 1; i < points.length; i++) s += Math.abs(points[i].x - points[i - 1].x) + Math.abs(points[i].y - points[i - 1].y);
  return s;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding the origin, every point and every rack rectangle, plus a margin all round. */
export function mapBounds(points: readonly Point[], rects: readonly Box[], margin: number): Box {
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  return { x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin };
}

// ─── manual selection (spec §5: 1 to 4 orders) ───────────────────────────────

/** The spec's message for a selection of `count` orders, or null when it may become a wave. */
export function selectionError(count: number): string | null {
  if (count < 1) return VALIDATION.waveOrdersRequired;
  if (count > MAX_ORDERS_PER_WAVE) return VALIDATION.waveTooManyOrders;
  return null;
}

/** Ticks or unticks an order; a fifth order is refused with the spec's message and the selection stays. */
export function toggleSelection(selected: readonly number[], id: number): { selected: number[]; error: string | null } {
  if (selected.includes(id)) return { selected: selected.filter((x) => x !== id), error: null };
  if (selected.length >= MAX_ORDERS_PER_WAVE) return { selected: [...selected], error: VALIDATION.waveTooManyOrders };
  return { selected: [...selected, id], error: null };
}

// ─── filters of the manual panel ─────────────────────────────────────────────

export interface OrderFilters {
  customer_name: string;
  carrier: string;
  carrier_type: '' | 'parcel' | 'freight';
  date_from: string;
  date_to: string;
  product_search: string;
  order_number: string;
}

export const EMPTY_FILTERS: OrderFilters = {
  customer_name: '',
  carrier: '',
  carrier_type: '',
  date_from: '',
  date_to: '',
  product_search: '',
  order_number: '',
};

/** The filters as the query sends them: trimmed, empty ones left out. */
export function filterQuery(f: OrderFilters): AvailableOrdersInput {
  const text = (v: string) => v.trim() || undefined;
  const query: AvailableOrdersInput = {
    customer_name: text(f.customer_name),
    carrier: text(f.carrier),
    carrier_type: f.carrier_type || undefined,
    date_from: text(f.date_from),
    date_to: text(f.date_to),
    product_search: text(f.product_search),
    order_number: text(f.order_number),
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

/** Reset (spec §2): the fields clear at once, the list reloads after this delay. */
export const FILTER_RESET_RELOAD_MS = 100;
