import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_CHARS } from '../../shared/constants';
import { accessSummary, UNRESTRICTED_LABEL } from '../../client/features/user-management/access';
import { generatePassword } from '../../client/features/users/password';

describe('generatePassword', () => {
  it('makes 12 characters from letters, digits and !@#$%^&*', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).toHaveLength(12);
      expect(pw).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    }
    expect(GENERATED_PASSWORD_CHARS).toHaveLength(70);
  });

  it('differs between calls and skips biased bytes', () => {
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
    // 280 = 4 * 70: bytes >= 280 cannot occur, but 255 is above the unbiased limit (210) and must be skipped
    let call = 0;
    const fake = (b: Uint8Array<ArrayBuffer>) => {
      b.fill(call++ === 0 ? 255 : 1);
      return b;
    };
    expect(generatePassword(4, GENERATED_PASSWORD_CHARS, fake)).toBe('BBBB');
  });
});

describe('accessSummary', () => {
  const names = new Map([
    [1, 'Berta KG'],
    [2, 'Anton AG'],
  ]);
  const name = (id: number) => names.get(id);
  it('labels the three cases as the spec does', () => {
    expect(accessSummary({ accessible_customer_ids: [], is_exclude: false }, name)).toBe(UNRESTRICTED_LABEL);
    expect(accessSummary({ accessible_customer_ids: [], is_exclude: true }, name)).toBe('Alle Kunden + Lagerbestand');
    expect(accessSummary({ accessible_customer_ids: [1, 2], is_exclude: false }, name)).toBe('Nur: Anton AG, Berta KG');
    expect(accessSummary({ accessible_customer_ids: [2], is_exclude: true }, name)).toBe('Alle außer: Anton AG');
  });
});
