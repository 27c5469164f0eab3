import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef } from 'react';
import { useScanner } from '../../app/scanner';
import { db, type OutboxEntry } from '../../db';
import type { WsCustomer } from '../../../shared/schemas/customers';
import { availabilityByLocation, findProduct, type LocalProduct, type LocationAvailability } from './local-stock';

/** Small live views of the local working set (Dexie), re-rendered when a pull or a booking changes it. */

export function useCustomers(): WsCustomer[] | undefined {
  return useLiveQuery(async () => (await db.customer.toArray()).filter((c) => c.is_active).sort((a, b) => a.company_name.localeCompare(b.company_name, 'de')), []);
}

export function useWorkingSetSize(): number | undefined {
  return useLiveQuery(() => db.location.count(), []);
}

export function useLocalProduct(ean: string | null): LocalProduct | null | undefined {
  return useLiveQuery(async () => (ean ? findProduct(db, ean) : null), [ean]);
}

export function useAvailability(ean: string | null): LocationAvailability[] | undefined {
  return useLiveQuery(async () => (ean ? availabilityByLocation(db, ean) : []), [ean]);
}

/** One outbox entry; null once it is gone (acknowledged and covered by a pull). */
export function useOutboxEntry(key: [string, number] | null): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (key ? ((await db.outbox.get(key)) ?? null) : null), [key?.[0], key?.[1]]);
}

/**
 * Scans for a scan screen. A scanner (keyboard wedge) types fast keystrokes +
 * Enter; the global listener (client/app/scanner.ts) sees them, and so does
 * the focused input. To handle each code exactly once:
 * - a scan whose keystrokes went into one of the screen's scan fields is
 *   handled by that field's own Enter, with the field's whole value (it holds
 *   the complete code even when the keystrokes arrived unevenly and the global
 *   buffer only caught the tail), and the field's text is selected afterwards
 *   so the next scan replaces it;
 * - a scan while another element has focus (quantity, notes, nothing) comes
 *   from the global listener; the caller removes the characters it left in
 *   that field via `target`;
 * - an Enter the global listener refused as a duplicate (same code within
 *   1 s, DataWedge double delivery) arrives with defaultPrevented and is ignored.
 */
export function useScanRouter(onCode: (code: string, target: EventTarget | null) => void, enabled = true) {
  const handler = useRef(onCode);
  handler.current = onCode;
  useScanner((e) => {
    if (e.target instanceof HTMLElement && e.target.dataset.scanField !== undefined) return;
    handler.current(e.code, e.target);
  }, enabled);
  /** Props for a scan field; `onValue` gets the field's code on Enter (scanned or typed by hand). */
  return useCallback(
    (onValue: (code: string, el: HTMLInputElement) => void) => ({
      'data-scan-field': '',
      onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
        if (e.key !== 'Enter') return;
        const duplicate = e.nativeEvent.defaultPrevented;
        e.preventDefault();
        if (duplicate || !enabled) return;
        const el = e.currentTarget;
        const code = el.value.trim();
        if (!code) return;
        onValue(code, el);
        setTimeout(() => {
          if (document.activeElement === el) el.select();
        }, 0);
      },
    }),
    [enabled],
  );
}

/** Keeps the scan input focused: after mount and whenever `dep` changes (a booking, a step). */
export function useKeepFocus(ref: React.RefObject<HTMLInputElement | null>, dep: unknown, enabled = true) {
  useEffect(() => {
    if (enabled) focusScan(ref.current);
  }, [dep, enabled, ref]);
}

/** Focus a scan field with its text selected, so that the next scan replaces it. */
export function focusScan(el: HTMLInputElement | null | undefined): void {
  el?.focus();
  el?.select();
}

export function stripScan(value: string, code: string): string {
  return value.endsWith(code) ? value.slice(0, -code.length) : value;
}

const LAST_CUSTOMER_KEY = 'lagerwerk.inbound.customer';
export function lastCustomer(): number | null {
  const v = Number(localStorage.getItem(LAST_CUSTOMER_KEY));
  return Number.isInteger(v) && v > 0 ? v : null;
}
export function rememberCustomer(id: number | null): void {
  if (id) localStorage.setItem(LAST_CUSTOMER_KEY, String(id));
}
