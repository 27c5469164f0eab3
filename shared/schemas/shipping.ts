import { z } from 'zod';
import { CARRIER_TYPES } from '../constants';
import {
  DHL_CARRIER,
  MAX_PACKAGE_WEIGHT_GRAMS,
  MAX_PACKAGES,
  MAX_TOTAL_WEIGHT_GRAMS,
  MIN_PACKAGE_WEIGHT_GRAMS,
  PARCEL_CARRIERS,
  splitTrackingNumbers,
} from '../domain/shipping';
import { formatMessage } from '../i18n/format';
import { PACKING_VALIDATION as V } from '../i18n/packing';
import { NullableTimestamp } from './common';
import { FreightPalletDetail, freightShipProblems, MAX_FREIGHT_PALLETS, PalletCount } from './freight';
import { OrderStatusSchema } from './orders';

/**
 * The ship call of the packing station and the simple packing view (spec
 * part 2 §3 "Parcel shipment"; §5 "Shipping / packing"):
 *   POST /outbound-orders/{id}/ship?ShipQuery -> ShipResponse
 * with the cross-field rules the form runs too. Weights are integer grams.
 */

/** Integer grams, 0 to `max`. */
export const Grams = (max: number) =>
  z.coerce
    .number({ error: V.weightInvalid })
    .int(V.weightInvalid)
    .min(0, V.weightMinimum)
    .max(max, max === MAX_PACKAGE_WEIGHT_GRAMS ? V.weightTooHigh : V.weightInvalid);

/** Spec §5: packages (labels) of one shipment, 1 to MAX_PACKAGES. */
export const PackageCount = z.coerce
  .number({ error: V.packageCount })
  .int(V.packageCount)
  .min(1, V.packageCount)
  .max(MAX_PACKAGES, formatMessage(V.tooManyPackages, { max: MAX_PACKAGES }));

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A JSON value in the query string; blank -> undefined, unreadable -> left for the schema to refuse. */
const jsonParam = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/** label_weights: a JSON list of grams in the query string ("[1200,800]"). */
const LabelWeights = z.preprocess(
  jsonParam,
  z
    .array(z.number({ error: V.labelWeightsInvalid }).int(V.labelWeightsInvalid).min(0, V.weightMinimum).max(MAX_PACKAGE_WEIGHT_GRAMS, V.weightTooHigh), {
      error: V.labelWeightsInvalid,
    })
    .max(MAX_PACKAGES),
);

/** The fields of the ship query; ShipQuery adds the cross-field rules of spec §5. */
export const ShipQueryFields = z.object({
  carrier: z.preprocess(blankToUndefined, z.string({ error: V.carrierRequired }).trim().min(1, V.carrierRequired).max(50)),
  carrier_type: z.enum(CARRIER_TYPES, { error: V.carrierTypeInvalid }).default('parcel'),
  num_labels: z.preprocess(blankToUndefined, PackageCount.default(1)),
  /** Grams; DHL with one package: required, ≥ 100. Others: optional. */
  total_weight: z.preprocess(blankToUndefined, Grams(MAX_TOTAL_WEIGHT_GRAMS).optional()),
  /** Grams per package; DHL with more than one package: one entry per package, each ≥ 100. */
  label_weights: LabelWeights.optional(),
  /** Manual carriers: one per package, comma-separated. */
  tracking_number: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
  create_dhl_labels: z
    .enum(['true', 'false'], { error: V.createDhlLabelsInvalid })
    .default('false')
    .transform((v) => v === 'true'),
  /** Freight: pallets (integer ≥ 1, falling back to 1). */
  num_pallets: z.preprocess(blankToUndefined, PalletCount.default(1)),
  /** Freight: a JSON list of {length_cm, width_cm, height_cm, weight_kg}, one per pallet (optional for Germany). */
  pallet_details: z.preprocess(jsonParam, z.array(FreightPalletDetail, { error: V.palletDetailsInvalid }).max(MAX_FREIGHT_PALLETS).optional()),
});
export type ShipQueryInput = z.input<typeof ShipQueryFields>;

type ShipFields = z.infer<typeof ShipQueryFields>;
export interface ShipProblem {
  path: keyof ShipFields;
  message: string;
}

/** Spec §5 rules across fields; the form runs the same function as the server. */
export function shipProblems(q: ShipFields): ShipProblem[] {
  const out: ShipProblem[] = [];
  if (q.carrier_type === 'freight') {
    return freightShipProblems(q);
  }
  if (!(PARCEL_CARRIERS as readonly string[]).includes(q.carrier))
    return [{ path: 'carrier', message: formatMessage(V.carrierUnknown, { carrier: q.carrier }) }];
  if (q.create_dhl_labels) {
    if (q.carrier !== DHL_CARRIER) return [{ path: 'create_dhl_labels', message: V.dhlLabelsOnlyForDhl }];
    if (q.num_labels > 1) {
      const w = q.label_weights ?? [];
      if (w.length !== q.num_labels || w.some((g) => g <= 0)) out.push({ path: 'label_weights', message: V.packageWeightsRequired });
      else if (w.some((g) => g < MIN_PACKAGE_WEIGHT_GRAMS)) out.push({ path: 'label_weights', message: V.weightMinimum });
    } else {
      const g = q.total_weight ?? q.label_weights?.[0] ?? 0;
      if (g <= 0) out.push({ path: 'total_weight', message: V.totalWeightRequired });
      else if (g < MIN_PACKAGE_WEIGHT_GRAMS) out.push({ path: 'total_weight', message: V.weightMinimum });
      else if (g > MAX_PACKAGE_WEIGHT_GRAMS) out.push({ path: 'total_weight', message: V.weightTooHigh });
    }
    return out;
  }
  const numbers = splitTrackingNumbers(q.tracking_number);
  if (numbers.length === 0) out.push({ path: 'tracking_number', message: V.trackingRequired });
  else if (numbers.length !== q.num_labels) out.push({ path: 'tracking_number', message: formatMessage(V.trackingPerPackage, { count: q.num_labels }) });
  else if (numbers.some((t) => t.length > 50)) out.push({ path: 'tracking_number', message: V.trackingTooLong });
  return out;
}

export const ShipQuery = ShipQueryFields.superRefine((q, ctx) => {
  for (const p of shipProblems(q)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});
export type ShipQuery = z.infer<typeof ShipQuery>;

/** Package weights in grams as stored and sent to DHL: per package, or the total for one package. */
export function packageWeights(q: Pick<ShipQuery, 'num_labels' | 'total_weight' | 'label_weights'>): number[] | null {
  if (q.label_weights && q.label_weights.length === q.num_labels) return q.label_weights;
  if (q.num_labels === 1 && q.total_weight !== undefined) return [q.total_weight];
  return null;
}

export const DhlLabel = z.object({
  shipment_number: z.string(),
  /** The package's weight as sent to DHL (grams). */
  weight_grams: z.number(),
  /** This package's label alone, data:application/pdf;base64,… (data:application/zpl;base64,… with label_output zpl) */
  label_url: z.string(),
});
export type DhlLabel = z.infer<typeof DhlLabel>;

export const DhlResult = z.object({
  num_created: z.number().int(),
  /** All labels merged into one PDF (or one ZPL file with label_output zpl), as a data URL */
  merged_label: z.string(),
  labels: z.array(DhlLabel),
});
export type DhlResult = z.infer<typeof DhlResult>;

export const ShipResponse = z.object({
  message: z.string(),
  /** Comma-separated, one per package (DHL: the shipment numbers). */
  tracking_number: z.string(),
  tracking_numbers: z.array(z.string()),
  id: z.number(),
  order_number: z.string(),
  status: OrderStatusSchema,
  shipped_at: NullableTimestamp,
  carrier: z.string(),
  carrier_type: z.enum(CARRIER_TYPES),
  num_packages: z.number(),
  total_weight_grams: z.number().nullable(),
  /** Orders of the same pallet still waiting; 0 means the pallet was released. */
  remaining_on_pallet: z.number().int(),
  pallet_released: z.boolean(),
  dhl_result: DhlResult.optional(),
});
export type ShipResponse = z.infer<typeof ShipResponse>;
