import { DHL_CARRIER, kgToGrams, MAX_PACKAGES } from '../../../shared/domain/shipping';
import { PACKING_VALIDATION } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { ShipQueryFields, shipProblems } from '../../../shared/schemas/shipping';
import type { ShipParams } from './packing-api';

/**
 * The parcel form of the shipping step and of the simple packing view, as
 * plain data: what was typed (kg with comma or point, one field per package)
 * → the ship query in grams and the mark-packed body, checked with the same
 * schema and cross-field rules the server runs (spec §5).
 */
export interface ParcelDraft {
  carrier: string;
  /** DHL labels created through DHL's interface (the station always, the simple view per checkbox). */
  autoDhl: boolean;
  packages: string;
  /** kg per package (DHL with more than one package). */
  weights: string[];
  /** kg for the whole shipment (DHL with one package: required; others optional). */
  totalKg: string;
  /** One tracking number per package (manual carriers). */
  tracking: string[];
}

export type DraftField = 'carrier' | 'packages' | 'weights' | 'total' | 'tracking';
export type DraftProblems = Partial<Record<DraftField, string>>;

export interface ShipPlan {
  query: Partial<ShipParams>;
  pack: { num_packages: number; total_weight_grams: number | null };
}

/** Spec §5: a typed count of packages or pallets, integer ≥ 1, falling back to 1 when empty or invalid; at most `max`. */
export function typedCount(raw: string, max: number): number {
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, max);
}

/** `values` cut or filled up with `fill` (never changed in place: drafts are replaced) to `n` entries, one per package or pallet. */
export function resized<T>(values: readonly T[], n: number, fill: T): T[] {
  return Array.from({ length: n }, (_, i) => values[i] ?? fill);
}

/** The number of packages: a typedCount of at most MAX_PACKAGES. */
export const packageCount = (raw: string): number => typedCount(raw, MAX_PACKAGES);

export const usesDhlLabels = (d: Pick<ParcelDraft, 'carrier' | 'autoDhl'>) => d.autoDhl && d.carrier === DHL_CARRIER;

/** Grams of a kg field; undefined when empty, NaN when not a number. */
function grams(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return kgToGrams(raw);
}

/** The total split evenly over the packages (the simple view asks for one total); the rest goes to the first package. */
export function splitGrams(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i === 0 ? total - base * n : 0));
}

export function planShipment(d: ParcelDraft, opts: { splitTotal?: boolean } = {}): { plan: ShipPlan | null; problems: DraftProblems } {
  const V = texts(PACKING_VALIDATION);
  const n = packageCount(d.packages);
  const dhl = usesDhlLabels(d);
  const problems: DraftProblems = {};
  let weights: number[] | undefined;
  let total: number | undefined;
  if (dhl && n > 1 && !opts.splitTotal) {
    const list = d.weights.slice(0, n).map(grams);
    if (list.length < n || list.some((g) => g === undefined || g <= 0)) problems.weights = V.packageWeightsRequired;
    else if (list.some((g) => Number.isNaN(g))) problems.weights = V.weightInvalid;
    else weights = list as number[];
    total = weights?.reduce((a, b) => a + b, 0);
  } else {
    total = grams(d.totalKg);
    if (total !== undefined && Number.isNaN(total)) problems.total = V.weightInvalid;
    else if (dhl && (total === undefined || total <= 0)) problems.total = V.totalWeightRequired;
    if (dhl && n > 1 && total !== undefined && !problems.total) weights = splitGrams(total, n);
  }
  const tracking = dhl
    ? undefined
    : d.tracking
        .slice(0, n)
        .map((t) => t.trim())
        .filter(Boolean)
        .join(',');
  const query: Partial<ShipParams> = {
    carrier: d.carrier,
    carrier_type: 'parcel',
    num_labels: n,
    total_weight: total,
    label_weights: weights ? JSON.stringify(weights) : undefined,
    tracking_number: tracking || undefined,
    create_dhl_labels: dhl ? 'true' : undefined,
  };
  if (Object.keys(problems).length === 0) {
    // The server's own rules, worded the same way (PACKING_VALIDATION).
    const parsed = ShipQueryFields.safeParse(query);
    const issues = parsed.success ? shipProblems(parsed.data) : parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? 'carrier'), message: i.message }));
    for (const p of issues) {
      const field: DraftField =
        p.path === 'label_weights'
          ? opts.splitTotal
            ? 'total'
            : 'weights'
          : p.path === 'total_weight'
            ? 'total'
            : p.path === 'tracking_number'
              ? 'tracking'
              : p.path === 'num_labels'
                ? 'packages'
                : 'carrier';
      problems[field] ??= p.message;
    }
  }
  if (Object.keys(problems).length > 0) return { plan: null, problems };
  return { plan: { query, pack: { num_packages: n, total_weight_grams: total ?? null } }, problems };
}
