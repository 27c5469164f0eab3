import { useEffect, useRef } from 'react';
import { SCANNER } from '../../shared/constants';
import { toast } from './toast';

/**
 * Global barcode-scanner listener (keyboard wedge: fast keystrokes + Enter).
 * A keystroke more than 100 ms after the previous one starts a new buffer, so a
 * person typing is not taken for a scanner; codes shorter than 3 characters are
 * ignored, and the same code within 1000 ms counts once (DataWedge may deliver
 * a scan twice). The newest subscriber (the screen in front) gets the scan.
 */
export interface ScanEvent {
  code: string;
  /** The element that had focus while the code was typed (an input may hold the characters too). */
  target: EventTarget | null;
}
type Handler = (e: ScanEvent) => void;

const handlers: Handler[] = [];
let buffer = '';
let lastKeyAt = 0;
let lastScan = { code: '', at: 0 };
let installed = false;

function onKeyDown(e: KeyboardEvent): void {
  const now = performance.now();
  if (now - lastKeyAt > SCANNER.keystrokeTimeoutMs) buffer = '';
  lastKeyAt = now;
  if (e.key === 'Enter' || e.key === 'Tab') {
    const code = buffer.trim();
    buffer = '';
    if (code.length < SCANNER.minLength) return;
    if (code === lastScan.code && now - lastScan.at < SCANNER.duplicateWindowMs) {
      e.preventDefault();
      return;
    }
    lastScan = { code, at: now };
    const h = handlers[handlers.length - 1];
    if (h) {
      if (e.key === 'Tab') e.preventDefault();
      toast.info('Gescannt', SCANNER.toastMs);
      h({ code, target: e.target });
    }
    return;
  }
  if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) buffer += e.key;
}

export function installScanner(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', onKeyDown, true);
}

/** Subscribe the current screen to scans while it is mounted. */
export function useScanner(handler: Handler, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const h: Handler = (e) => ref.current(e);
    handlers.push(h);
    return () => {
      const i = handlers.indexOf(h);
      if (i >= 0) handlers.splice(i, 1);
    };
  }, [enabled]);
}

/** Test hook: reset state between unit tests. */
export function resetScannerForTests(): void {
  buffer = '';
  lastKeyAt = 0;
  lastScan = { code: '', at: 0 };
  handlers.length = 0;
}
