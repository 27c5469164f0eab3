import { SCAN_FEEDBACK_MS, SCANNER } from '../../shared/constants';
import { gtinVariants } from '../../shared/domain/product-code';
import { formatMessage } from '../../shared/i18n/format';
import { scanTexts } from '../../shared/i18n/scan';
import { texts } from '../../shared/i18n/translate';

/**
 * The scan workflow without React or the DOM, so it can be tested on its own
 * (useScanWorkflow.ts wires it to the keyboard and the screen).
 *
 * Two parts:
 * - the reader turns key presses into scans. A hardware scanner is a keyboard
 *   ("wedge"): fast keystrokes, then Enter or Tab. A keystroke more than
 *   100 ms after the previous one starts a new buffer, so a person typing is
 *   not taken for a scanner (a short stall inside a code that is clearly
 *   coming from a scanner is tolerated, SCANNER.stallToleranceMs). In a scan
 *   field the field's whole text is the code (it is complete even when the
 *   keystrokes arrived unevenly and the buffer only caught the tail), and
 *   Enter typed by hand counts too. The same code again within 300 ms is the
 *   scanner reading twice and is swallowed.
 * - the step check compares a scan with what the screen expects next and
 *   words the spec's messages when it is the wrong one.
 */

/** What a screen can expect next. `any` takes every code (e.g. "scan anything to confirm"). */
export type StepKind = 'ean' | 'location' | 'pallet' | 'any';

export interface ExpectedScan {
  kind: StepKind;
  /** The one code this step must be (picking: the article or place to take from); none: any code of the kind. */
  expected?: string;
}

// --- reader -----------------------------------------------------------------

export interface ReaderState {
  buffer: string;
  /** When the buffer's first character came. */
  startedAt: number;
  lastKeyAt: number;
  /** The focused field's text when the current buffer started, so a scan's characters can be taken out again. */
  before: string | null;
  /** The last accepted scan, for the double-read guard. */
  last: { code: string; at: number } | null;
}

export const initialReader: ReaderState = { buffer: '', startedAt: 0, lastKeyAt: Number.NEGATIVE_INFINITY, before: null, last: null };

export interface KeyInput {
  key: string;
  /** Milliseconds, monotonic (performance.now()). */
  at: number;
  /** Ctrl, Meta or Alt held: a shortcut, not a scanner character. */
  modifier?: boolean;
  /** The focused text field: its text before this key lands, and whether it is one of the screen's scan fields. */
  field?: { value: string; scanField: boolean } | null;
}

export type ReadResult =
  | { type: 'none' }
  /** `before`: the focused field's text before the scanner typed into it (null: no text field). */
  | { type: 'scan'; code: string; source: 'field' | 'wedge'; before: string | null }
  | { type: 'duplicate'; code: string; before: string | null };

function isDoubleRead(last: ReaderState['last'], code: string, wedge: string, at: number): boolean {
  if (!last || at - last.at >= SCANNER.duplicateWindowMs) return false;
  // In a scan field the second read may have been appended to the first (codecode): the buffer still tells.
  return code === last.code || wedge === last.code;
}

export function readKey(state: ReaderState, input: KeyInput): { state: ReaderState; result: ReadResult } {
  const gap = input.at - state.lastKeyAt;
  const isChar = input.key.length === 1 && !input.modifier;
  // A stall is tolerated only inside a buffer that so far came at well above human speed.
  const scannerPace = state.buffer.length >= 2 && (state.lastKeyAt - state.startedAt) / (state.buffer.length - 1) <= SCANNER.keystrokeTimeoutMs / 2;
  const stalled = isChar && scannerPace && gap <= SCANNER.stallToleranceMs;
  const fresh = gap > SCANNER.keystrokeTimeoutMs && !stalled;
  const buffer = fresh ? '' : state.buffer;
  const before = fresh ? null : state.before;
  if (input.key === 'Enter' || input.key === 'Tab') {
    const wedge = buffer.trim();
    const next: ReaderState = { ...state, buffer: '', before: null, lastKeyAt: input.at };
    const fromScanner = wedge.length >= SCANNER.minLength;
    let code = '';
    let source: 'field' | 'wedge' = 'wedge';
    // Tab typed by a person moves the focus; only a scanner's Tab suffix ends a code.
    if (input.field?.scanField && (input.key === 'Enter' || fromScanner)) {
      code = input.field.value.trim();
      source = 'field';
    } else if (fromScanner) {
      code = wedge;
    }
    if (!code) return { state: next, result: { type: 'none' } };
    if (isDoubleRead(state.last, code, wedge, input.at)) return { state: next, result: { type: 'duplicate', code, before } };
    return { state: { ...next, last: { code, at: input.at } }, result: { type: 'scan', code, source, before } };
  }
  if (isChar) {
    const first = buffer === '';
    return {
      state: {
        ...state,
        buffer: buffer + input.key,
        startedAt: first ? input.at : state.startedAt,
        before: first ? (input.field?.value ?? null) : before,
        lastKeyAt: input.at,
      },
      result: { type: 'none' },
    };
  }
  return { state: { ...state, buffer, before, lastKeyAt: input.at }, result: { type: 'none' } };
}

/**
 * A whole code read at once (the camera, client/scan/camera): the same double-read
 * guard as a scanner's Enter, so a code the camera and the scanner both read, or
 * the camera read twice, counts once. Any half-typed buffer is dropped.
 */
export function readCode(state: ReaderState, code: string, at: number): { state: ReaderState; result: ReadResult } {
  const next: ReaderState = { ...state, buffer: '', before: null, lastKeyAt: at };
  const c = code.trim();
  if (!c) return { state: next, result: { type: 'none' } };
  if (isDoubleRead(state.last, c, c, at)) return { state: next, result: { type: 'duplicate', code: c, before: null } };
  return { state: { ...next, last: { code: c, at } }, result: { type: 'scan', code: c, source: 'field', before: null } };
}

// --- step check -------------------------------------------------------------

/** Same article however the GTIN was written (UPC-A / EAN-13 / GTIN-14); places and pallets ignore case. */
export function sameCode(kind: StepKind, scanned: string, expected: string): boolean {
  const a = scanned.trim();
  const b = expected.trim();
  if (kind === 'ean') {
    const va = gtinVariants(a);
    return gtinVariants(b).some((v) => va.includes(v));
  }
  return a.toUpperCase() === b.toUpperCase();
}

/** The step check's words in the language in use (docs/architecture.md "Languages"). */
const WRONG = (kind: Exclude<StepKind, 'any'>): string => {
  const S = texts(scanTexts);
  return { ean: S.wrongArticle, location: S.wrongLocation, pallet: S.wrongPallet }[kind];
};
const EXPECT = (kind: Exclude<StepKind, 'any'>): string => {
  const S = texts(scanTexts);
  return { ean: S.expectEan, location: S.expectLocation, pallet: S.expectPallet }[kind];
};

export type StepMatch = { type: 'match'; index: number } | { type: 'mismatch'; message: string };

/**
 * Which of the expected steps a scan fulfils, first match wins. A step with an
 * `expected` code matches only that code; one without matches when
 * `recognized[i]` says the code is of its kind (the screen decides, e.g. "a
 * shelf barcode of the working set"; a warehouse's article codes and shelf
 * codes cannot be told apart by their shape). No match: the message of the
 * first step naming a code ("Falscher Artikel! Erwartet: …"), else a hint at
 * the kind wanted.
 */
export function checkScan(steps: readonly ExpectedScan[], code: string, recognized: readonly boolean[] = steps.map(() => true)): StepMatch {
  for (const [index, step] of steps.entries()) {
    if (step.kind === 'any') return { type: 'match', index };
    if (step.expected !== undefined) {
      if (sameCode(step.kind, code, step.expected)) return { type: 'match', index };
      continue;
    }
    if (recognized[index]) return { type: 'match', index };
  }
  const named = steps.find((s) => s.expected !== undefined && s.kind !== 'any');
  if (named && named.kind !== 'any' && named.expected !== undefined)
    return { type: 'mismatch', message: formatMessage(WRONG(named.kind), { expected: named.expected }) };
  const first = steps[0];
  return { type: 'mismatch', message: EXPECT(first && first.kind !== 'any' ? first.kind : 'ean') };
}

// --- feedback ---------------------------------------------------------------

/**
 * What a screen's handler answers. Nothing: the scan was taken. `ok: false`
 * without a message: the screen shows the problem itself (a field error, a
 * dialog), the workflow only sounds the error.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a step's onScan may simply return nothing (plain "done")
export type ScanResult = void | { ok: boolean; message?: string };

export interface Feedback {
  tone: 'success' | 'error';
  /** null: sound and vibration only. */
  message: string | null;
  /** How long the message stays (part 2 §9). */
  ms: number;
  /** The plain acknowledgement of a scan, not a message of the screen. */
  ack: boolean;
}

export function feedbackMs(tone: Feedback['tone'], kind: StepKind): number {
  return tone === 'error' ? SCAN_FEEDBACK_MS.error : SCAN_FEEDBACK_MS.success[kind];
}

/** `ack`: the message of a success the screen says nothing about ("Gescannt" for a scan, none for a button). */
export function feedbackFor(result: ScanResult, kind: StepKind, ack: string | null = texts(scanTexts).scanned): Feedback {
  if (result && !result.ok) return { tone: 'error', message: result.message ?? null, ms: feedbackMs('error', kind), ack: false };
  const message = result?.message ?? ack;
  return { tone: 'success', message, ms: feedbackMs('success', kind), ack: !result?.message && message !== null };
}
