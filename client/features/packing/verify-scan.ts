import { isAcceptedProductCode } from '../../../shared/domain/product-code';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { ItemDiscrepancyRequest, PackingInfo, PackingInfoItem } from '../../../shared/schemas/packing';
import { sameCode } from '../../scan/workflow';

/**
 * The packing station's verify_items check, on the device (works offline).
 * The setting packing_verify_each_piece decides what verifies a line with
 * picked pieces: off, its first scan; on, one scan per picked piece. Refused:
 * an EAN not in the order, an article scanned more often than picked (also
 * a shortage line picked 0 times) — both reported once per order visit as
 * item discrepancy — and, one scan per line, a repeated scan within the
 * picked count.
 */

type VerifyOrder = Pick<PackingInfo, 'items' | 'verify_each_piece'>;

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

/** Scans that count for a line: at most its picked pieces. */
const countedScans = (i: PackingInfoItem, state: VerifyState) => Math.min(state.scans.get(i.id) ?? 0, i.picked_quantity);

/** The lines verified so far: scanned once, or every picked piece scanned when each piece counts. */
export function verifiedLines(info: VerifyOrder, state: VerifyState): ReadonlySet<number> {
  const need = (i: PackingInfoItem) => (info.verify_each_piece ? i.picked_quantity : 1);
  return new Set(itemsToScan(info).flatMap((i) => (countedScans(i, state) >= need(i) ? [i.id] : [])));
}

/** Progress in lines and in pieces (a verified line counts all its picked pieces when one scan confirms it). */
export function verifyProgress(info: VerifyOrder, state: VerifyState) {
  const todo = itemsToScan(info);
  const verified = verifiedLines(info, state);
  let piecesDone = 0;
  let pieces = 0;
  for (const i of todo) {
    pieces += i.picked_quantity;
    piecesDone += info.verify_each_piece ? countedScans(i, state) : verified.has(i.id) ? i.picked_quantity : 0;
  }
  return { linesDone: verified.size, lines: todo.length, piecesDone, pieces };
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

export function verifyScan(info: VerifyOrder, state: VerifyState, code: string): VerifyOutcome {
  const T = texts(PACKING_UI);
  const ean = code.trim();
  const line = info.items.find((i) => sameCode('ean', ean, i.product_ean));
  if (!line) return withReport(state, { product_ean: ean, kind: 'not_in_order' }, `not_in_order:${ean}`, T.wrongProduct(ean));
  const count = (state.scans.get(line.id) ?? 0) + 1;
  const next: VerifyState = { ...state, scans: new Map(state.scans).set(line.id, count) };
  if (count > line.picked_quantity) {
    const d: ItemDiscrepancyRequest = { product_ean: ean, kind: 'over_picked', scanned_quantity: count };
    return withReport(next, d, `over_picked:${line.id}`, T.overPicked(ean, count, line.picked_quantity));
  }
  if (count > 1 && !info.verify_each_piece) return { result: { ok: false, message: T.alreadyScanned(ean) }, state: next, done: false, discrepancy: null };
  const verified = verifiedLines(info, next);
  const done = itemsToScan(info).every((i) => verified.has(i.id));
  const message = done
    ? T.allVerified
    : info.verify_each_piece && count < line.picked_quantity
      ? T.pieceScanned(line.product_title, count, line.picked_quantity)
      : T.scannedOk(line.product_title);
  return { result: { ok: true, message }, state: next, done, discrepancy: null };
}
