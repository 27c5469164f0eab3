import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { feedback } from '../app/feedback';
import { toast } from '../app/toast';
import { type ScanEvent, setFieldValue, subscribeScans } from './listener';
import { checkScan, type ExpectedScan, type Feedback, feedbackFor, type ScanResult, type StepKind } from './workflow';

export type { ScanResult, StepKind } from './workflow';

/** Where a scan came from: a scan field (by name) or the scanner typing while something else had focus. */
export interface ScanInfo {
  field: string | null;
  source: 'field' | 'wedge';
}

/** One thing the screen expects next, and what a correct scan of it does. */
export interface ScanStep extends ExpectedScan {
  /**
   * Whether a code is of this step's kind, when the screen accepts several
   * kinds at once (e.g. "a shelf barcode of the working set"); default yes.
   * Not asked when `expected` names the one code.
   */
  recognizes?: (code: string, scan: ScanInfo) => boolean | Promise<boolean>;
  onScan: (code: string, scan: ScanInfo) => ScanResult | Promise<ScanResult>;
}

export interface ScanWorkflow {
  /** Props that make an input a scan field: its Enter (typed or scanned) is a scan of its whole text. */
  field: (name: string) => { 'data-scan-field': string };
  /** The same feedback for what is not a scan (a button, a dialog): sound, and the message with the spec's timing. */
  report: (result: ScanResult, kind?: StepKind) => void;
}

/** Sound/vibration (muted by the profile's sound switch) and the message, hidden after the spec's time. */
function give(fb: Feedback): void {
  if (fb.tone === 'success') feedback.success();
  else feedback.error();
  if (!fb.message) return;
  if (fb.tone === 'error') toast.error(fb.message, fb.ms);
  else if (fb.ack) toast.info(fb.message, fb.ms);
  else toast.success(fb.message, fb.ms);
}

const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * The scan workflow of a screen: one input path for scanner and keyboard
 * (client/scan/listener.ts), the expected-vs-scanned check and the feedback
 * (client/scan/workflow.ts). Online and offline alike: nothing here asks the
 * network. The screen declares its steps in order of preference; the first
 * step the code fits gets it.
 */
export function useScanWorkflow({ steps, enabled = true }: { steps: readonly ScanStep[]; enabled?: boolean }): ScanWorkflow {
  const stepsRef = useRef(steps);
  stepsRef.current = steps;

  useEffect(() => {
    if (!enabled) return;
    const handle = async (e: ScanEvent) => {
      const el = e.element;
      if (e.source === 'field' && el) {
        // The next scan into this field replaces its text. Selected now, inside the scan's Enter: a deferred
        // select() could land after the next scan's first keystrokes (the screen may already show the next
        // step) and the next keystroke would replace them, so the scan would arrive cut ("-01-02").
        if (document.activeElement === el) el.select();
      } else if (el) {
        // The listener gave the field its text back: let React render it before the screen reads its state.
        await nextTask();
      }
      const current = stepsRef.current;
      const info: ScanInfo = { field: e.field, source: e.source };
      let kind: StepKind = current[0]?.kind ?? 'any';
      let result: ScanResult;
      try {
        const recognized = await Promise.all(current.map((s) => (s.expected !== undefined || !s.recognizes ? true : s.recognizes(e.code, info))));
        const match = checkScan(current, e.code, recognized);
        if (match.type === 'mismatch') {
          // A wrong scan does not stay in the scan field.
          if (e.source === 'field' && el) setFieldValue(el, '');
          result = { ok: false, message: match.message };
        } else {
          kind = current[match.index].kind;
          result = await current[match.index].onScan(e.code, info);
        }
      } catch (err) {
        // A failing lookup must not leave the worker without an answer.
        console.error('scan handler failed', err);
        result = { ok: false };
      }
      give(feedbackFor(result, kind));
    };
    return subscribeScans((e) => void handle(e));
  }, [enabled]);

  const field = useCallback((name: string) => ({ 'data-scan-field': name }), []);
  const report = useCallback((result: ScanResult, kind: StepKind = 'any') => give(feedbackFor(result, kind, null)), []);
  return useMemo(() => ({ field, report }), [field, report]);
}

/** Focus a scan field with its text selected, so that the next scan replaces it. */
export function focusScan(el: HTMLInputElement | null | undefined): void {
  el?.focus();
  el?.select();
}

/**
 * Keeps a scan field focused: after mount and whenever `dep` changes (a booking, a step). A layout effect:
 * it runs in the same task as the DOM update, so no keystroke can fall between the screen showing the
 * new step and the select() (a passive effect runs later and could select the first characters of a
 * scan already being typed, cutting it).
 */
export function useKeepFocus(ref: React.RefObject<HTMLInputElement | null>, dep: unknown, enabled = true): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: dep is the trigger (a booking, a step), not read inside
  useLayoutEffect(() => {
    if (enabled) focusScan(ref.current);
  }, [dep, enabled, ref]);
}
