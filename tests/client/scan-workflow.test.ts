import { describe, expect, it } from 'vitest';
import {
  checkScan,
  feedbackFor,
  feedbackMs,
  initialReader,
  type KeyInput,
  type ReaderState,
  type ReadResult,
  readKey,
  sameCode,
} from '../../client/scan/workflow';
import { SCAN_FEEDBACK_MS, SCANNER } from '../../shared/constants';
import { withCheckDigit } from '../../shared/domain/ean';

const COFFEE = withCheckDigit('400638133300');
const TEA = withCheckDigit('400638133302');

/** Types `code` as a scanner does: one key every 8 ms from `start`, then `suffix`; returns the reader's state and the suffix's result. */
function type(
  state: ReaderState,
  code: string,
  start: number,
  suffix = 'Enter',
  field: KeyInput['field'] = null,
): { state: ReaderState; result: ReadResult; end: number } {
  let s = state;
  let at = start;
  let value = field?.value ?? '';
  for (const key of code) {
    s = readKey(s, { key, at, field: field ? { ...field, value } : null }).state;
    value += key;
    at += 8;
  }
  const r = readKey(s, { key: suffix, at, field: field ? { ...field, value } : null });
  return { ...r, end: at };
}

describe('scan reader (keyboard wedge)', () => {
  it('ends a code with Enter', () => {
    const { result } = type(initialReader, COFFEE, 1000, 'Enter');
    expect(result).toEqual({ type: 'scan', code: COFFEE, source: 'wedge', before: null });
  });

  it('ends a code with the Tab suffix too', () => {
    const { result } = type(initialReader, 'A-01-01', 1000, 'Tab');
    expect(result).toMatchObject({ type: 'scan', code: 'A-01-01', source: 'wedge' });
  });

  it('ignores a double read of the same code within 300 ms', () => {
    const first = type(initialReader, COFFEE, 1000);
    expect(first.result.type).toBe('scan');
    const second = type(first.state, COFFEE, first.end + 20);
    expect(second.end - first.end).toBeLessThan(SCANNER.duplicateWindowMs);
    expect(second.result).toMatchObject({ type: 'duplicate', code: COFFEE });
  });

  it('accepts the same code again after 300 ms', () => {
    const first = type(initialReader, COFFEE, 1000);
    // The second read's Enter lands exactly 300 ms after the first one's.
    const start = first.end + SCANNER.duplicateWindowMs - COFFEE.length * 8;
    const second = type(first.state, COFFEE, start);
    expect(second.end - first.end).toBe(300);
    expect(second.result).toMatchObject({ type: 'scan', code: COFFEE });
  });

  it('takes a different code within 300 ms', () => {
    const first = type(initialReader, COFFEE, 1000);
    const second = type(first.state, TEA, first.end + 20);
    expect(second.result).toMatchObject({ type: 'scan', code: TEA });
  });

  it('does not take slow typing outside a scan field for a scan; Enter and Tab stay ordinary keys', () => {
    let s = initialReader;
    let at = 0;
    for (const key of '12345') {
      s = readKey(s, { key, at }).state;
      at += 250;
    }
    expect(readKey(s, { key: 'Enter', at }).result).toEqual({ type: 'none' });
    expect(readKey(s, { key: 'Tab', at }).result).toEqual({ type: 'none' });
  });

  it('ignores codes shorter than the minimum scan length', () => {
    expect(type(initialReader, 'AB', 0).result).toEqual({ type: 'none' });
  });

  it("a scan field's Enter is a scan of the field's whole text, also typed by hand", () => {
    const typed = readKey(initialReader, { key: 'Enter', at: 5000, field: { value: ` ${COFFEE} `, scanField: true } });
    expect(typed.result).toMatchObject({ type: 'scan', code: COFFEE, source: 'field' });
    // a person's Tab in a scan field moves on
    expect(readKey(initialReader, { key: 'Tab', at: 5000, field: { value: COFFEE, scanField: true } }).result).toEqual({ type: 'none' });
    // the buffer caught only the tail of an uneven scan: the field has it all
    const tail = type(initialReader, '01-01', 9000, 'Enter', { value: 'A-', scanField: true });
    expect(tail.result).toMatchObject({ type: 'scan', code: 'A-01-01', source: 'field' });
  });

  it('remembers what a non-scan field held before the scanner typed into it', () => {
    const { result } = type(initialReader, 'A-02-01', 1000, 'Enter', { value: '3', scanField: false });
    expect(result).toEqual({ type: 'scan', code: 'A-02-01', source: 'wedge', before: '3' });
  });

  it('does not count modifier shortcuts as scanner characters', () => {
    let s = readKey(initialReader, { key: 'v', at: 0, modifier: true }).state;
    s = readKey(s, { key: 'Enter', at: 5 }).state;
    expect(s.buffer).toBe('');
  });
});

describe('expected vs scanned', () => {
  it('wrong article: "Falscher Artikel! Erwartet: …"', () => {
    expect(checkScan([{ kind: 'ean', expected: COFFEE }], TEA)).toEqual({ type: 'mismatch', message: `Falscher Artikel! Erwartet: ${COFFEE}` });
    expect(checkScan([{ kind: 'ean', expected: COFFEE }], COFFEE)).toEqual({ type: 'match', index: 0 });
  });

  it('wrong place: "Falscher Lagerort! Erwartet: …"', () => {
    expect(checkScan([{ kind: 'location', expected: 'A-01-01' }], 'A-01-02')).toEqual({ type: 'mismatch', message: 'Falscher Lagerort! Erwartet: A-01-01' });
    expect(checkScan([{ kind: 'location', expected: 'A-01-01' }], 'a-01-01')).toEqual({ type: 'match', index: 0 });
  });

  it('the same GTIN however it was written is the same article', () => {
    expect(sameCode('ean', '036000291452', '0036000291452')).toBe(true);
    expect(sameCode('ean', COFFEE, TEA)).toBe(false);
  });

  it('first fitting step wins; the screen says which kind a code is', () => {
    const steps = [{ kind: 'location' as const }, { kind: 'ean' as const }];
    expect(checkScan(steps, 'A-01-01', [true, true])).toEqual({ type: 'match', index: 0 });
    expect(checkScan(steps, COFFEE, [false, true])).toEqual({ type: 'match', index: 1 });
    expect(checkScan([{ kind: 'ean' }], 'A-01-01', [false])).toEqual({ type: 'mismatch', message: 'Bitte zuerst die EAN scannen' });
    expect(checkScan([{ kind: 'any' }], 'whatever')).toEqual({ type: 'match', index: 0 });
  });
});

describe('feedback timing (part 2 §9)', () => {
  it('success hides after 1.5 / 0.8 / 0.6 s by step, errors after 3 s', () => {
    expect(feedbackMs('success', 'ean')).toBe(1500);
    expect(feedbackMs('success', 'location')).toBe(800);
    expect(feedbackMs('success', 'pallet')).toBe(800);
    expect(feedbackMs('success', 'any')).toBe(600);
    for (const kind of ['ean', 'location', 'pallet', 'any'] as const) expect(feedbackMs('error', kind)).toBe(3000);
    expect(SCAN_FEEDBACK_MS.error).toBe(3000);
  });

  it('words the outcome: "Gescannt" for a plain success, the screen\'s message otherwise; an error without text only sounds', () => {
    expect(feedbackFor(undefined, 'location')).toEqual({ tone: 'success', message: 'Gescannt', ms: 800, ack: true });
    expect(feedbackFor({ ok: true, message: '20 × Kaffee erfasst' }, 'ean')).toEqual({ tone: 'success', message: '20 × Kaffee erfasst', ms: 1500, ack: false });
    expect(feedbackFor({ ok: false, message: 'Falscher Artikel! Erwartet: 1' }, 'ean')).toEqual({
      tone: 'error',
      message: 'Falscher Artikel! Erwartet: 1',
      ms: 3000,
      ack: false,
    });
    expect(feedbackFor({ ok: false }, 'ean').message).toBeNull();
    expect(feedbackFor({ ok: true }, 'any', null).message).toBeNull();
  });
});

describe('scan reader under load', () => {
  it('a stall inside a scanner burst does not cut the code in two', () => {
    let s = initialReader;
    let at = 1000;
    for (const key of 'A-0') {
      s = readKey(s, { key, at, field: { value: '3', scanField: false } }).state;
      at += 10;
    }
    at += 150; // the device stalls
    for (const key of '2-01') {
      s = readKey(s, { key, at, field: { value: '3A-0', scanField: false } }).state;
      at += 10;
    }
    expect(readKey(s, { key: 'Enter', at }).result).toEqual({ type: 'scan', code: 'A-02-01', source: 'wedge', before: '3' });
  });

  it('a person typing at human speed is not merged into a scan', () => {
    let s = initialReader;
    let at = 0;
    for (const key of 'Palette') {
      s = readKey(s, { key, at }).state;
      at += 150;
    }
    // Enter right after the last letter: only that letter is in the buffer
    expect(readKey(s, { key: 'Enter', at: at - 100 }).result).toEqual({ type: 'none' });
  });
});
