import { z } from 'zod';
import type { KeepaData } from '../../shared/schemas/products';

/**
 * Keepa's product object (the fields we use; everything else passes through)
 * and its mapping to our KeepaData: package dimensions mm -> cm, weight
 * g -> kg (0 or -1 = unknown, falling back to the item* fields), image file
 * names -> https://m.media-amazon.com/images/I/<file>, HTML -> plain text.
 */

const IMAGE_BASE = 'https://m.media-amazon.com/images/I/';
const num = z.number().nullish();
const KeepaImage = z.looseObject({ l: z.string().nullish(), m: z.string().nullish() });
export const KeepaRawProduct = z.looseObject({
  asin: z.string().nullish(),
  title: z.string().nullish(),
  brand: z.string().nullish(),
  manufacturer: z.string().nullish(),
  model: z.string().nullish(),
  description: z.string().nullish(),
  features: z.array(z.string()).nullish(),
  eanList: z.array(z.string()).nullish(),
  upcList: z.array(z.string()).nullish(),
  images: z.array(KeepaImage.nullable()).nullish(),
  imagesCSV: z.string().nullish(),
  packageLength: num,
  packageWidth: num,
  packageHeight: num,
  packageWeight: num,
  itemLength: num,
  itemWidth: num,
  itemHeight: num,
  itemWeight: num,
});
export type KeepaRawProduct = z.infer<typeof KeepaRawProduct>;

/** 0 and -1 (and anything not positive) mean unknown. */
function known(v: number | null | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const mmToCm = (mm: number | null) => (mm === null ? null : round(mm / 10, 1));
const gToKg = (g: number | null) => (g === null ? null : round(g / 1000, 3));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Keepa titles are rarely, descriptions often HTML: keep plain text. */
export function plainText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, ent: string) => {
      if (ent[0] === '#') {
        const code = ent[1] === 'x' || ent[1] === 'X' ? Number.parseInt(ent.slice(2), 16) : Number(ent.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[ent.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return text || null;
}

function imageUrls(p: KeepaRawProduct): string[] {
  const files = (p.images ?? []).map((i) => i?.l || i?.m || null).filter((f): f is string => Boolean(f));
  if (files.length === 0 && p.imagesCSV) files.push(...p.imagesCSV.split(',').filter(Boolean));
  return files.map((f) => (f.startsWith('http') ? f : IMAGE_BASE + f));
}

/** Keepa's product -> our normalised KeepaData (cm, kg, absolute image URLs, plain text). */
export function mapKeepaProduct(p: KeepaRawProduct, now: Date = new Date()): KeepaData {
  const dim = (pkg: number | null | undefined, item: number | null | undefined) => mmToCm(known(pkg) ?? known(item));
  return {
    asin: p.asin ?? null,
    title: plainText(p.title),
    brand: p.brand?.trim() || null,
    manufacturer: p.manufacturer?.trim() || null,
    model: p.model?.trim() || null,
    description: plainText(p.description),
    features: (p.features ?? []).map((f) => plainText(f)).filter((f): f is string => Boolean(f)),
    ean_list: [...(p.eanList ?? []), ...(p.upcList ?? [])],
    image_urls: imageUrls(p),
    weight_kg: gToKg(known(p.packageWeight) ?? known(p.itemWeight)),
    length_cm: dim(p.packageLength, p.itemLength),
    width_cm: dim(p.packageWidth, p.itemWidth),
    height_cm: dim(p.packageHeight, p.itemHeight),
    fetched_at: now.toISOString(),
  };
}
