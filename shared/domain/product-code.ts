import { GTIN_LENGTHS, isValidGtin, normalizeEan } from './ean';

/**
 * Which product codes the warehouse accepts (manual product creation and
 * the offline catalogue check use the same rule):
 *  - digits only: must be a GTIN-8, UPC-A (GTIN-12), EAN-13 or GTIN-14 with a
 *    correct GS1 check digit. A numeric code of any other length or with a wrong
 *    check digit is almost always a misread or a typo, so it is refused.
 *  - otherwise an internal article code: 3–64 characters of letters, digits and
 *    . _ - / with at least one letter (e.g. "ART-1001", an ISBN-10 ending in X).
 *    3 is the scanner's minimum scan length (spec part 1 §9).
 */
export const PRODUCT_CODE_MIN_LENGTH = 3;
export const PRODUCT_CODE_MAX_LENGTH = 64;

export type ProductCodeProblem = 'empty' | 'too_short' | 'too_long' | 'gtin_check_digit' | 'gtin_length' | 'characters';

export function productCodeProblem(raw: string): ProductCodeProblem | null {
  const code = normalizeEan(raw);
  if (code.length === 0) return 'empty';
  if (/^\d+$/.test(code)) {
    if (!(GTIN_LENGTHS as readonly number[]).includes(code.length)) return 'gtin_length';
    return isValidGtin(code) ? null : 'gtin_check_digit';
  }
  if (code.length < PRODUCT_CODE_MIN_LENGTH) return 'too_short';
  if (code.length > PRODUCT_CODE_MAX_LENGTH) return 'too_long';
  if (!/^[A-Za-z0-9._/-]+$/.test(code) || !/[A-Za-z]/.test(code)) return 'characters';
  return null;
}

export function isAcceptedProductCode(raw: string): boolean {
  return productCodeProblem(raw) === null;
}

/**
 * The same GTIN written with or without leading zeros: scanners emit a UPC-A
 * as 12 digits or as EAN-13 with a leading 0, and GTIN-14 pads with zeros.
 * Lookups try all forms so one article is found however it was scanned.
 */
export function gtinVariants(raw: string): string[] {
  const code = normalizeEan(raw);
  if (!/^\d+$/.test(code) || !isValidGtin(code)) return [code];
  const bare = code.replace(/^0+/, '');
  const out = new Set<string>([code]);
  for (const len of [8, 12, 13, 14]) {
    if (bare.length <= len) out.add(bare.padStart(len, '0'));
  }
  return [...out].filter((c) => isValidGtin(c));
}

/**
 * One key for every form of the same code (gtinVariants): a valid GTIN without its leading
 * zeros, any other code as written. The device files its catalogue by it (packed buckets).
 */
export function productCodeKey(raw: string): string {
  const code = normalizeEan(raw);
  return /^\d+$/.test(code) && isValidGtin(code) ? code.replace(/^0+/, '') : code;
}

/** True when Keepa can be asked: only real GTINs (each question costs a token). */
export function isKeepaQueryable(raw: string): boolean {
  const code = normalizeEan(raw);
  return /^\d+$/.test(code) && isValidGtin(code);
}
