import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { installGermanZodErrors } from '../../../shared/i18n/zod-de';
import { optionalText, requiredText } from '../../../shared/schemas/common';

beforeAll(() => installGermanZodErrors());

const reason = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return r.error.issues[0].message;
};

describe('German zod reasons', () => {
  it('words every issue kind without type names or operators', () => {
    expect(reason(z.coerce.number().int(), 'abc')).toBe('muss eine Zahl sein');
    expect(reason(z.number().int(), 1.5)).toBe('muss eine ganze Zahl sein');
    expect(reason(z.object({ a: z.string() }), {})).toBe('fehlt');
    expect(reason(z.string(), 5)).toBe('muss ein Text sein');
    expect(reason(z.string().max(3), 'abcd')).toBe('darf höchstens 3 Zeichen lang sein');
    expect(reason(z.string().min(1), '')).toBe('darf nicht leer sein');
    expect(reason(z.array(z.number()).max(1), [1, 2])).toBe('darf höchstens 1 Einträge haben');
    expect(reason(z.number().positive(), 0)).toBe('muss größer als 0 sein');
    expect(reason(z.number().max(10), 11)).toBe('darf höchstens 10 sein');
    expect(reason(z.enum(['a', 'b']), 'c')).toBe('muss einer dieser Werte sein: „a“, „b“');
    expect(reason(z.email(), 'x')).toBe('ist keine gültige E-Mail-Adresse');
    expect(reason(z.iso.date(), '2026-13-01')).toBe('muss ein Datum (JJJJ-MM-TT) sein');
    expect(reason(z.strictObject({}), { E: 1 })).toBe('enthält die unbekannte Angabe „E“');
    expect(reason(z.union([z.string(), z.number()]), true)).toBe('ist ungültig');
  });

  it('the shared text helpers refuse a NUL character', () => {
    expect(reason(requiredText('Pflicht'), 'a\u0000b')).toBe('enthält ein unzulässiges Steuerzeichen');
    expect(reason(optionalText(), 'a\u0000')).toBe('enthält ein unzulässiges Steuerzeichen');
  });
});
