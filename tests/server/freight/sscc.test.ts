import { describe, expect, it } from 'vitest';
import { buildSscc, gs1CheckDigit, isValidSscc, maxSsccSerial } from '../../../shared/domain/sscc';

/** GS1 mod-10 check digit against GS1's published examples; SSCC layout (18 digits). */
describe('SSCC', () => {
  it('check digit of GS1 published examples', () => {
    // GS1 General Specifications' SSCC example: (00) 1 0614141 123456789 7.
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    // SSCCs published by GS1 Switzerland and GS1 Denmark: 3 761 3032110910342 0, 1 5703538 141037517 7.
    expect(gs1CheckDigit('37613032110910342')).toBe(0);
    expect(gs1CheckDigit('15703538141037517')).toBe(7);
    // GS1's check digit calculator example, GTIN-13 629104150021 3 (same algorithm, shorter key).
    expect(gs1CheckDigit('629104150021')).toBe(3);
    expect(isValidSscc('106141411234567897')).toBe(true);
    expect(isValidSscc('106141411234567898')).toBe(false);
    expect(isValidSscc('10614141123456789')).toBe(false);
  });

  it('extension 0, prefix, serial padded to 17 digits, then the check digit', () => {
    expect(buildSscc('0614141', 123456789, 1)).toBe('106141411234567897');
    const s = buildSscc('4012345', 1);
    expect(s).toBe(`0401234500000000${1}${gs1CheckDigit('04012345000000001')}`);
    expect(s && isValidSscc(s)).toBe(true);
    expect(buildSscc('4012345678', 7)).toHaveLength(18);
    expect(maxSsccSerial('4012345678')).toBe(999_999);
    expect(buildSscc('4012345678', 1_000_000)).toBeNull();
    expect(() => buildSscc('12345', 1)).toThrow();
  });
});
