import { initialReader, type ReaderState, readCode, readKey } from './workflow';

/**
 * The one keyboard listener for scans (installed once in app/boot.tsx). It sees
 * every key first (window, capture phase), feeds the pure reader
 * (workflow.ts) and hands a finished scan to the newest subscriber, the
 * screen in front. Scan fields are marked with `data-scan-field="<name>"`.
 *
 * DOM side effects live here, not in the screens:
 * - a scan's Enter/Tab is cancelled, so it neither submits the form nor
 *   moves the focus;
 * - a scanner typing into a field that is not a scan field (quantity, notes)
 *   left its characters there: the field gets its previous text back;
 * - a double read is swallowed, its characters taken out again.
 */
export interface ScanEvent {
  code: string;
  source: 'field' | 'wedge';
  /** The scan field's name when the code was read from one. */
  field: string | null;
  /** The text field that had focus, if any. */
  element: HTMLInputElement | HTMLTextAreaElement | null;
}
type Subscriber = (e: ScanEvent) => void;

const subscribers: Subscriber[] = [];
let reader: ReaderState = initialReader;
let installed = false;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'number', 'email', 'url', '']);

function textField(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type)) return target;
  return null;
}

/** Sets a controlled field's text so that React's onChange sees it (the value setter of the prototype bypasses React's tracker). */
export function setFieldValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (el.value === value) return;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function onKeyDown(e: KeyboardEvent): void {
  const el = textField(e.target);
  const scanField = el?.dataset.scanField;
  const { state, result } = readKey(reader, {
    key: e.key,
    // When the key was pressed, not when this handler runs: a busy page (a long task between two queued
    // keys, e.g. a first pull being stored) must not stretch a scanner's keystrokes into a person's typing.
    at: e.timeStamp > 0 ? e.timeStamp : performance.now(),
    modifier: e.ctrlKey || e.metaKey || e.altKey,
    field: el ? { value: el.value, scanField: scanField !== undefined } : null,
  });
  reader = state;
  if (result.type === 'none') return;
  const top = subscribers[subscribers.length - 1];
  if (!top) return; // no scan screen in front: keys behave as usual
  e.preventDefault();
  if (result.type === 'duplicate') {
    if (el && result.before !== null) setFieldValue(el, result.before);
    return;
  }
  if (el && result.source === 'wedge' && result.before !== null) setFieldValue(el, result.before);
  top({ code: result.code, source: result.source, field: result.source === 'field' ? (scanField ?? null) : null, element: el });
}

/**
 * A code read whole by the camera (client/scan/camera), entered as a scanner
 * would type it into the scan field `field`: the field gets the code, then the
 * screen in front gets the scan (source 'field'), through the same double-read
 * guard. Answers whether a screen took it (false: a double read, or no scan
 * screen in front).
 */
export function deliverScan(code: string, field: string, element: HTMLInputElement | null): boolean {
  const { state, result } = readCode(reader, code, performance.now());
  reader = state;
  const top = subscribers[subscribers.length - 1];
  if (result.type !== 'scan' || !top) return false;
  if (element) setFieldValue(element, result.code);
  top({ code: result.code, source: 'field', field, element });
  return true;
}

export function installScanner(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', onKeyDown, true);
}

/** The screen in front gets the scans until it unsubscribes. */
export function subscribeScans(fn: Subscriber): () => void {
  subscribers.push(fn);
  return () => {
    const i = subscribers.indexOf(fn);
    if (i >= 0) subscribers.splice(i, 1);
  };
}
