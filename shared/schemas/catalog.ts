import { z } from 'zod';
import { BASE_UNITS, PRODUCT_PAGE_SIZE } from '../constants';
import { Timestamp } from './common';
import { Product } from './products';
import { VALIDATION } from '../i18n/validation';
import { FIELD_LABELS } from '../i18n/fields';

/**
 * Product master data for admins (spec part 2: Produktverwaltung).
 * Complete = weight and all three dimensions present (the wave planner needs
 * them to compute pallet use); the image is listed as missing but does not
 * make a product incomplete.
 */

export const MISSING_FIELDS = ['weight', 'dimensions', 'image'] as const;
export type MissingField = (typeof MISSING_FIELDS)[number];
/** What the wave planner needs of a product to compute its pallet load (the image is not among it). */
export const LOAD_DATA_FIELDS = ['weight', 'dimensions'] as const satisfies readonly MissingField[];
export type LoadDataField = (typeof LOAD_DATA_FIELDS)[number];

export type CompletenessInput = Pick<Product, 'weight_kg' | 'length_cm' | 'width_cm' | 'height_cm' | 'image_url'>;

export function missingFields(p: CompletenessInput): MissingField[] {
  const out: MissingField[] = [];
  if (p.weight_kg === null) out.push('weight');
  if (p.length_cm === null || p.width_cm === null || p.height_cm === null) out.push('dimensions');
  if (!p.image_url) out.push('image');
  return out;
}

export function isComplete(p: CompletenessInput): boolean {
  return p.weight_kg !== null && p.length_cm !== null && p.width_cm !== null && p.height_cm !== null;
}

/** A catalogue row: the stored product without the raw Keepa data, plus its completeness. */
export const CatalogProduct = Product.omit({ keepa_data: true, created_at: true, updated_at: true }).extend({
  is_complete: z.boolean(),
  missing: z.array(z.enum(MISSING_FIELDS)),
  updated_at: Product.shape.updated_at,
});
export type CatalogProduct = z.infer<typeof CatalogProduct>;

export const PRODUCT_FILTERS = ['all', 'complete', 'incomplete'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];
export const PRODUCT_SORTS = ['title', 'ean', 'weight', 'id'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const ProductListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(PRODUCT_PAGE_SIZE),
  filter: z.enum(PRODUCT_FILTERS).default('all'),
  sort: z.enum(PRODUCT_SORTS).default('title'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(200).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductListResponse = z.object({
  items: z.array(CatalogProduct),
  /** Matching the filter. */
  total: z.number(),
  /** Counters over the whole catalogue (independent of filter/paging). */
  counts: z.object({ all: z.number(), complete: z.number(), incomplete: z.number() }),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

/** '' from a cleared form field means "no value". */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const PositiveOrNull = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label} muss eine Zahl sein` })
      .positive(`${label} muss größer als 0 sein`)
      .max(max, `${label} ist zu groß`)
      .nullable(),
  );
const CountOrNull = (label: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label} muss eine Zahl sein` })
      .int(`${label} muss eine ganze Zahl sein`)
      .min(1, `${label} muss mindestens 1 sein`)
      .max(100_000)
      .nullable(),
  );

export const UpdateProductRequest = z.object({
  title: z.string({ error: VALIDATION.titleRequired }).trim().min(1, VALIDATION.titleRequired).max(500),
  base_unit: z.enum(BASE_UNITS, { error: 'Basiseinheit muss Stück, Karton oder Palette sein' }).default('piece'),
  units_per_box: CountOrNull(FIELD_LABELS.units_per_box),
  boxes_per_pallet: CountOrNull(FIELD_LABELS.boxes_per_pallet),
  weight_kg: PositiveOrNull('Gewicht', 10_000),
  length_cm: PositiveOrNull('Länge', 10_000),
  width_cm: PositiveOrNull('Breite', 10_000),
  height_cm: PositiveOrNull('Höhe', 10_000),
  image_url: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(2000).url('Bild-URL muss eine gültige Adresse sein (https://…)').nullable().optional(),
  ),
  description: z.string().max(5000).nullish(),
});
export type UpdateProductRequest = z.infer<typeof UpdateProductRequest>;
export type UpdateProductInput = z.input<typeof UpdateProductRequest>;

export const EnrichResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  warnings: z.array(z.string()),
  product: CatalogProduct.nullable(),
});
export type EnrichResponse = z.infer<typeof EnrichResponse>;

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const Job = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  total: z.number(),
  done: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  /** While waiting for Keepa tokens: when work continues (ISO), else null. */
  waiting_until: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

export const EnrichAllResponse = z.object({
  summary: z.object({ enriched: z.number(), failed: z.number() }),
  /** True when products remain that need manual completion (known once the job has finished). */
  action_required: z.boolean(),
  job_id: z.number().nullable(),
  total: z.number(),
  message: z.string(),
});
export type EnrichAllResponse = z.infer<typeof EnrichAllResponse>;

/** What the enrichment job keeps in jobs.result (progress and the outcome). */
export interface EnrichJobResult {
  enriched: number;
  failed: number;
  still_incomplete: number;
  action_required: boolean;
  failures: Array<{ ean: string; reason: string }>;
  waiting_until: string | null;
}
