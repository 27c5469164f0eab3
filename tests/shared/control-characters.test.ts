import { describe, expect, it } from 'vitest';
import { findNulCharacter, jsonForPostgres } from '../../shared/domain/control-characters';

describe('NUL characters', () => {
  it('finds the path of the first NUL in values and keys', () => {
    expect(findNulCharacter({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNulCharacter({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNulCharacter({ a: 'ok', b: [null, 2] })).toBeNull();
  });

  it('makes JSON jsonb can store, leaving a typed backslash-u0000 alone', () => {
    const text = jsonForPostgres({ a: 'x\u0000y', 'k\u0000': '\\u0000' });
    expect(JSON.parse(text)).toEqual({ a: 'x\uFFFDy', 'k\uFFFD': '\\u0000' });
  });
});
