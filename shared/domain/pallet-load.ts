import { WAVE_PALLET } from '../constants';
import { formatMessage, formatNumber } from '../i18n/format';
import { WAVE_TEXTS } from '../i18n/waves';
import type { LoadDataField } from '../schemas/catalog';
import type { MissingProductData } from './wave-suggestion-types';

/**
 * The load of orders on one pallet (docs/fulfilment.md "Wave suggestions"
 * and "Pallet capacity for every wave"): 120 × 80 × 180 cm
 * (1,728 litres), 500 kg, an order above 100 kg travels alone. One place for
 * the rules, used by the suggestion planner, by every wave the server creates
 * and by the wave builder's load display.
 *
 * An order whose products lack a weight or a dimension has no computable load:
 * the planner gives it a wave of its own, and a manual or rolling wave lets it
 * through without counting it. An order alone always gets its pallet (as the
 * planner's single-order suggestions do), so the limits apply to a wave of two
 * or more orders.
 */

/** What an order line contributes: pieces and the product's data (null when unknown). */
export interface LoadLine {
  product_id: number;
  product_ean: string;
  product_title: string;
  quantity: number;
  weight_kg: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}

export interface OrderLoad {
  weight_kg: number;
  volume_l: number;
  units: number;
  /** Products lacking weight or a dimension, once per product. */
  missing: MissingProductData[];
}

const absent = (v: number | null) => v === null || !Number.isFinite(v) || v <= 0;

export function missingOf(line: LoadLine): LoadDataField[] {
  const out: LoadDataField[] = [];
  if (absent(line.weight_kg)) out.push('weight');
  if (absent(line.length_cm) || absent(line.width_cm) || absent(line.height_cm)) out.push('dimensions');
  return out;
}

/** Weight = Σ quantity × weight_kg, volume = Σ quantity × length × width × height (litres). */
export function orderLoad(lines: readonly LoadLine[]): OrderLoad {
  let volumeCm3 = 0;
  let weight = 0;
  let units = 0;
  const missing = new Map<number, MissingProductData>();
  for (const l of lines) {
    units += l.quantity;
    const m = missingOf(l);
    if (m.length > 0 && !missing.has(l.product_id))
      missing.set(l.product_id, { product_id: l.product_id, ean: l.product_ean, title: l.product_title, missing: m });
    if (l.weight_kg !== null && Number.isFinite(l.weight_kg)) weight += l.quantity * l.weight_kg;
    if (l.length_cm !== null && l.width_cm !== null && l.height_cm !== null) volumeCm3 += l.quantity * l.length_cm * l.width_cm * l.height_cm;
  }
  return { weight_kg: weight, volume_l: volumeCm3 / 1000, units, missing: [...missing.values()] };
}

/** The pallet's limits hold for these loads together (the planner's test while grouping). */
export function fitsPallet(loads: readonly { weight_kg: number; volume_l: number }[]): boolean {
  let v = 0;
  let w = 0;
  for (const o of loads) {
    v += o.volume_l;
    w += o.weight_kg;
  }
  return v <= WAVE_PALLET.volume_l + 1e-9 && w <= WAVE_PALLET.max_weight_kg + 1e-9;
}

/** An order of a planned wave: its number, its load and whether that load is known. */
export interface LoadedOrder {
  order_number: string;
  weight_kg: number;
  volume_l: number;
  has_missing_data: boolean;
}

export type CapacityProblem =
  | { kind: 'weight'; weight_kg: number }
  | { kind: 'volume'; volume_percent: number }
  | { kind: 'heavy'; order_number: string; weight_kg: number };

export interface PalletLoad {
  /** Over the orders with known data, one decimal. */
  weight_kg: number;
  weight_percent: number;
  volume_percent: number;
  /** Orders left out of the sums (missing weight or dimensions). */
  unknown: string[];
  problem: CapacityProblem | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The load of a planned wave and the first limit it breaks (weight, then volume, then a heavy order beside others). */
export function palletLoad(orders: readonly LoadedOrder[]): PalletLoad {
  const known = orders.filter((o) => !o.has_missing_data);
  const weight = known.reduce((s, o) => s + o.weight_kg, 0);
  const volume = known.reduce((s, o) => s + o.volume_l, 0);
  const load = {
    weight_kg: round1(weight),
    weight_percent: round1((weight / WAVE_PALLET.max_weight_kg) * 100),
    volume_percent: round1((volume / WAVE_PALLET.volume_l) * 100),
    unknown: orders.filter((o) => o.has_missing_data).map((o) => o.order_number),
  };
  if (orders.length < 2) return { ...load, problem: null };
  const heavy = known.find((o) => o.weight_kg > WAVE_PALLET.heavy_order_kg + 1e-9);
  const problem: CapacityProblem | null = !fitsPallet([{ weight_kg: weight, volume_l: 0 }])
    ? { kind: 'weight', weight_kg: load.weight_kg }
    : !fitsPallet([{ weight_kg: 0, volume_l: volume }])
      ? { kind: 'volume', volume_percent: load.volume_percent }
      : heavy
        ? { kind: 'heavy', order_number: heavy.order_number, weight_kg: round1(heavy.weight_kg) }
        : null;
  return { ...load, problem };
}

/** The German sentence for a refusal (the server's detail and the builder's warning). */
export function capacityText(p: CapacityProblem): string {
  const limits = { max_weight: WAVE_PALLET.max_weight_kg, heavy: WAVE_PALLET.heavy_order_kg };
  // One decimal, as the builder's load bars show them.
  if (p.kind === 'weight') return formatMessage(WAVE_TEXTS.overWeight, { weight: formatNumber(p.weight_kg, 1), ...limits });
  if (p.kind === 'volume') return formatMessage(WAVE_TEXTS.overVolume, { volume: formatNumber(p.volume_percent, 1) });
  return formatMessage(WAVE_TEXTS.heavyNotAlone, { number: p.order_number, weight: formatNumber(p.weight_kg, 1), ...limits });
}
