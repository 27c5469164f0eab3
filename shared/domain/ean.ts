/**
 * GS1 mod-10 check digit (GTIN-8, UPC-A/GTIN-12, EAN-13/GTIN-13, GTIN-14, SSCC):
 * weights 3,1,3,... from the rightmost data digit leftwards.
 */
export function gs1CheckDigit(data: string): number {
  let sum = 0;
  for (let i = data.length - 1, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) {
    sum += Number(data[i]) * w;
  }
  return (10 - (sum % 10)) % 10;
}

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** True for a digits-only GTIN-8/12/13/14 whose last digit is a valid GS1 check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code)) return false;
  if (!(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** Appends the check digit to 7/11/12/13 data digits. */
export function withCheckDigit(data: string): string {
  return data + String(gs1CheckDigit(data));
}

/** Scanners and people add spaces; strip them. */
export function normalizeEan(raw: string): string {
  return raw.trim().replace(/\s+/g, '');
}
