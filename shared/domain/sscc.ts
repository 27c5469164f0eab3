/**
 * SSCC (Serial Shipping Container Code, GS1 AI 00): extension digit, GS1
 * company prefix (7–10 digits), serial reference, check digit — 18 digits.
 * The check digit is GS1's mod-10: from the right, weights 3,1,3,1,…; the
 * digit tops the sum up to a multiple of ten.
 */
export const SSCC_LENGTH = 18;
export const GS1_PREFIX_PATTERN = /^[0-9]{7,10}$/;

export function gs1CheckDigit(digits: string): number {
  if (!/^[0-9]+$/.test(digits)) throw new Error(`not digits: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Largest serial reference that fits next to the prefix (17 digits before the check digit). */
export function maxSsccSerial(prefix: string): number {
  return 10 ** (SSCC_LENGTH - 2 - prefix.length) - 1;
}

/** The 18-digit SSCC for a serial; null when the serial does not fit the prefix's range. */
export function buildSscc(prefix: string, serial: number, extension = 0): string | null {
  if (!GS1_PREFIX_PATTERN.test(prefix)) throw new Error(`invalid GS1 company prefix: ${prefix}`);
  if (!Number.isInteger(serial) || serial < 0 || serial > maxSsccSerial(prefix)) return null;
  const body = `${extension}${prefix}${String(serial).padStart(SSCC_LENGTH - 2 - prefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

export function isValidSscc(sscc: string): boolean {
  return /^[0-9]{18}$/.test(sscc) && gs1CheckDigit(sscc.slice(0, 17)) === Number(sscc[17]);
}

/** Human-readable form under the bars: (00) 1 2345678 901234567 8 style grouping kept simple. */
export function ssccHumanReadable(sscc: string): string {
  return `(00) ${sscc}`;
}
