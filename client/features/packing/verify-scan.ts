import { isAcceptedProductCode } from '../../../shared/domain/product-code';
import { PACKING_UI as T } from '../../../shared/i18n/packing';
import type { ItemDiscrepancyRequest, PackingInfo, PackingInfoItem } from '../../../shared/schemas/packing';
import { sameCode } from '../../scan/workflow';

/**
 * The packing station's verify_items check, on the device (works offline):
 * every line with picked pieces is verified by its first scan. Refused:
 * an EAN not in the order, an article scanned more often than picked (also
 * a shortage line picked 0 times) — both reported once per order visit as
 * item discrepancy — and a repeated scan within the picked count (as before).
 */

/** The lines whose EAN must be scanned: every line with something picked (a line picked not at all is a recorded shortage). */
export function itemsToScan(info: Pick<PackingInfo, 'items'>): PackingInfoItem[] {
  return info.items.filter((i) => i.picked_quantity > 0);
}

export interface VerifyState {
  /** Scans per order line (line id → count). */
  scans: ReadonlyMap<number, number>;
  /** Discrepancies reported for the open order (not_in_order:EAN, over_picked:line id), so a repeated wrong scan is logged once. */
  reported: ReadonlySet<string>;
}
export const emptyVerifyState: VerifyState = { scans: new Map(), reported: new Set() };

export interface VerifyOutcome {
  result: { ok: boolean; message: string };
  state: VerifyState;
  /** Every line to scan is verified. */
  done: boolean;
  /** To report to the server (fire-and-forget), or null. */
  discrepancy: ItemDiscrepancyRequest | null;
}

/** The lines verified so far (first scan of a line with picked pieces). */
export function verifiedLines(info: Pick<PackingInfo, 'items'>, state: VerifyState): ReadonlySet<number> {
  return new Set(itemsToScan(info).flatMap((i) => ((state.scans.get(i.id) ?? 0) > 0 ? [i.id] : [])));
}

function withReport(state: VerifyState, d: ItemDiscrepancyRequest, key: string, message: string): VerifyOutcome {
  // A misread (no accepted product code) is no discrepancy; the server would refuse it.
  const send = isAcceptedProductCode(d.product_ean) && !state.reported.has(key);
  return {
    result: { ok: false, message },
    state: send ? { ...state, reported: new Set(state.reported).add(key) } : state,
    done: false,
    discrepancy: send ? d : null,
  };
}

export function verifyScan(info: Pick<PackingInfo, 'items'>, state: VerifyState, code: string): VerifyOutcome {
  const ean = code.trim();
  const line = info.items.find((i) => sameCode('ean', ean, i.product_ean));
  if (!line) return withReport(state, { product_ean: ean, kind: 'not_in_order' }, `not_in_order:${ean}`, T.wrongProduct(ean));
  const count = (state.scans.get(line.id) ?? 0) + 1;
  const next: VerifyState = { ...state, scans: new Map(state.scans).set(line.id, count) };
  if (count > line.picked_quantity) {
    const d: ItemDiscrepancyRequest = { product_ean: ean, kind: 'over_picked', scanned_quantity: count };
    return withReport(next, d, `over_picked:${line.id}`, T.overPicked(ean, count, line.picked_quantity));
  }
  if (count > 1) return { result: { ok: false, message: T.alreadyScanned(ean) }, state: next, done: false, discrepancy: null };
  const verified = verifiedLines(info, next);
  const done = itemsToScan(info).every((i) => verified.has(i.id));
  return { result: { ok: true, message: done ? T.allVerified : T.scannedOk(line.product_title) }, state: next, done, discrepancy: null };
}
