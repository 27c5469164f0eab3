import { FREIGHT_CARRIER_GERMANY, FREIGHT_CARRIERS } from '../../../shared/domain/shipping';
import { isGermany } from '../../../shared/domain/countries';
import { PACKING_VALIDATION } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { type FreightPalletDetail, MAX_FREIGHT_PALLETS, RequestFreightQuote } from '../../../shared/schemas/freight';
import { ShipQueryFields, shipProblems } from '../../../shared/schemas/shipping';
import { resized, type ShipPlan, typedCount } from './ship-form';

/**
 * The freight form of the shipping step as plain data (spec §2 "Packing
 * station" freight, §5): Germany ships directly (carrier, one tracking
 * number per pallet, at least one); abroad asks for a quotation with the
 * dimensions of every pallet. Checked with the server's own schemas.
 */
export interface PalletDraft {
  length: string;
  width: string;
  height: string;
  weight: string;
}

export interface FreightDraft {
  carrier: string;
  pallets: string;
  dims: PalletDraft[];
  tracking: string[];
}

export type FreightField = 'carrier' | 'pallets' | 'dims' | 'tracking';
export type FreightProblems = Partial<Record<FreightField, string>>;

/** Spec: default 120×80×100 cm, 200 kg; presets half pallet 80×60 and full pallet 120×80. */
export const DEFAULT_PALLET: PalletDraft = { length: '120', width: '80', height: '100', weight: '200' };
export const PALLET_PRESETS = { half: { length: '80', width: '60' }, full: { length: '120', width: '80' } } as const;

/** The number of pallets: a typedCount of at most MAX_FREIGHT_PALLETS. */
export const palletCount = (raw: string): number => typedCount(raw, MAX_FREIGHT_PALLETS);

/** The draft with one dimension row and one tracking field per pallet. */
export function resizeFreight(d: FreightDraft): FreightDraft {
  const n = palletCount(d.pallets);
  return {
    ...d,
    dims: resized(d.dims, n, DEFAULT_PALLET),
    tracking: resized(d.tracking, n, ''),
  };
}

export function initialFreight(carrier: string | null): FreightDraft {
  const known = carrier && (FREIGHT_CARRIERS as readonly string[]).includes(carrier) ? carrier : FREIGHT_CARRIER_GERMANY;
  return resizeFreight({ carrier: known, pallets: '1', dims: [], tracking: [] });
}

/** "1,5" or "1.5" -> 1.5; empty or unreadable -> NaN. */
function num(raw: string): number {
  const t = raw.trim().replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/** Every pallet's dimensions as numbers, or null when one is missing or not > 0. */
function palletDetails(d: FreightDraft, n: number): FreightPalletDetail[] | null {
  const rows = d.dims.slice(0, n).map((p) => ({ length_cm: num(p.length), width_cm: num(p.width), height_cm: num(p.height), weight_kg: num(p.weight) }));
  const ok = rows.length === n && rows.every((r) => Object.values(r).every((v) => Number.isFinite(v) && v > 0));
  return ok ? rows : null;
}

export type FreightPlan =
  | { kind: 'ship'; plan: ShipPlan }
  | { kind: 'quote'; body: RequestFreightQuote; pack: ShipPlan['pack'] }
  | { kind: 'invalid'; problems: FreightProblems };

/** Germany: the ship query; abroad: the quotation request. Both with the mark-packed body (pallets as packages). */
export function planFreight(d: FreightDraft, country: string | null): FreightPlan {
  const V = texts(PACKING_VALIDATION);
  const n = palletCount(d.pallets);
  const details = palletDetails(d, n);
  const pack = { num_packages: n, total_weight_grams: details ? Math.round(details.reduce((a, p) => a + p.weight_kg, 0) * 1000) : null };
  if (!isGermany(country)) {
    if (!details) return { kind: 'invalid', problems: { dims: V.freightDimensionsRequired } };
    const body = RequestFreightQuote.safeParse({
      num_pallets: n,
      pallet_dimensions: details.map((p) => ({ length: p.length_cm, width: p.width_cm, height: p.height_cm, weight: p.weight_kg })),
    });
    if (!body.success) return { kind: 'invalid', problems: { dims: body.error.issues[0]?.message ?? V.freightDimensionsRequired } };
    return { kind: 'quote', body: body.data, pack };
  }
  const problems: FreightProblems = {};
  if (!details) problems.dims = V.freightDimensionsRequired;
  const tracking = d.tracking
    .slice(0, n)
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');
  const query = {
    carrier: d.carrier,
    carrier_type: 'freight' as const,
    num_pallets: n,
    tracking_number: tracking || undefined,
    pallet_details: details ? JSON.stringify(details) : undefined,
  };
  const parsed = ShipQueryFields.safeParse(query);
  const issues = parsed.success ? shipProblems(parsed.data) : parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? 'carrier'), message: i.message }));
  for (const p of issues) {
    const field: FreightField =
      p.path === 'tracking_number' ? 'tracking' : p.path === 'pallet_details' ? 'dims' : p.path === 'num_pallets' ? 'pallets' : 'carrier';
    problems[field] ??= p.message;
  }
  if (Object.keys(problems).length > 0) return { kind: 'invalid', problems };
  return { kind: 'ship', plan: { query, pack } };
}
