import { describe, expect, it } from 'vitest';
import { initialStable, nextStable, STABLE_FRAMES } from '../../client/scan/camera/stable';
import { initialReader, type KeyInput, type ReaderState, readCode, readKey } from '../../client/scan/workflow';
import { SCANNER } from '../../shared/constants';
import { withCheckDigit } from '../../shared/domain/ean';

const COFFEE = withCheckDigit('400638133300');

/** Types `code` as a scanner into a scan field: one key every 8 ms from `start`, then Enter. */
function typed(state: ReaderState, code: string, start: number) {
  let s = state;
  let at = start;
  let value = '';
  for (const key of code) {
    const input: KeyInput = { key, at, field: { value, scanField: true } };
    s = readKey(s, input).state;
    value += key;
    at += 8;
  }
  return readKey(s, { key: 'Enter', at, field: { value, scanField: true } });
}

describe('camera read through the scanner reader (readCode)', () => {
  it('is a scan from a field, as a scanner typing the code into the scan field', () => {
    const { state, result } = readCode(initialReader, ` ${COFFEE} `, 1000);
    expect(result).toEqual({ type: 'scan', code: COFFEE, source: 'field', before: null });
    expect(state.last).toEqual({ code: COFFEE, at: 1000 });
  });

  it('swallows the same code within the double-read window, from the camera or the scanner', () => {
    const first = readCode(initialReader, COFFEE, 1000);
    expect(readCode(first.state, COFFEE, 1000 + SCANNER.duplicateWindowMs - 1).result.type).toBe('duplicate');
    expect(readCode(first.state, COFFEE, 1000 + SCANNER.duplicateWindowMs).result.type).toBe('scan');
    // The scanner read it just before the camera: one scan.
    const scanned = typed(initialReader, COFFEE, 5000);
    expect(scanned.result.type).toBe('scan');
    expect(readCode(scanned.state, COFFEE, 5000 + 13 * 8 + 50).result.type).toBe('duplicate');
  });

  it('takes a different code at once and drops a half-typed buffer', () => {
    let s = readCode(initialReader, COFFEE, 1000).state;
    s = readKey(s, { key: 'A', at: 1010 }).state;
    const r = readCode(s, 'REG-01-02', 1020);
    expect(r.result.type).toBe('scan');
    expect(r.state.buffer).toBe('');
  });

  it('ignores an empty read', () => {
    expect(readCode(initialReader, '  ', 1).result.type).toBe('none');
  });
});

describe('stable read (nextStable)', () => {
  it(`counts a code once it came in ${STABLE_FRAMES} frames in a row`, () => {
    let s = initialStable;
    const a = nextStable(s, COFFEE);
    expect(a.stable).toBeNull();
    s = a.state;
    const b = nextStable(s, COFFEE);
    expect(b.stable).toBe(COFFEE);
  });

  it('starts over on another code or an empty frame', () => {
    let s = nextStable(initialStable, COFFEE).state;
    s = nextStable(s, '4006381333931').state;
    expect(nextStable(s, COFFEE).stable).toBeNull();
    s = nextStable(nextStable(initialStable, COFFEE).state, null).state;
    expect(nextStable(s, COFFEE).stable).toBeNull();
  });
});
