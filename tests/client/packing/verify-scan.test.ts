import { describe, expect, it } from 'vitest';
import { emptyVerifyState, type VerifyState, verifiedLines, verifyProgress, verifyScan } from '../../../client/features/packing/verify-scan';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { ItemDiscrepancyRequest, type PackingInfoItem } from '../../../shared/schemas/packing';

/** The packing station's verify_items check on the device and the item discrepancies it reports. */
const line = (id: number, ean: string, quantity: number, picked: number) =>
  ({ id, product_ean: ean, product_title: `Artikel ${id}`, quantity, picked_quantity: picked }) as PackingInfoItem;
const info = { items: [line(1, '4006381333931', 2, 1), line(2, '4000000000006', 2, 2), line(3, '4012345678901', 1, 0)], verify_each_piece: false };

function scanAll(codes: string[], state: VerifyState = emptyVerifyState, order = info) {
  const outs = [];
  for (const c of codes) {
    const out = verifyScan(order, state, c);
    outs.push(out);
    state = out.state;
  }
  return outs;
}

describe('verify_items', () => {
  it('verifies each line with picked pieces by its first scan; done after the last', () => {
    const [a, b] = scanAll(['4006381333931', '04000000000006']);
    expect(a).toMatchObject({ result: { ok: true, message: 'Artikel 1 geprüft' }, done: false, discrepancy: null });
    expect(b).toMatchObject({ result: { ok: true, message: 'Alle Artikel geprüft' }, done: true, discrepancy: null });
    expect([...verifiedLines(info, b?.state ?? emptyVerifyState)]).toEqual([1, 2]);
  });

  it('an EAN not in the order is refused and reported once as not_in_order; a misread is not reported', () => {
    const [first, again, misread] = scanAll(['4260000000004', '4260000000004', '4260000000002']);
    expect(first?.result).toEqual({ ok: false, message: 'Produkt 4260000000004 gehört nicht zu diesem Auftrag!' });
    expect(first?.discrepancy).toEqual({ product_ean: '4260000000004', kind: 'not_in_order' });
    expect(ItemDiscrepancyRequest.safeParse(first?.discrepancy).success).toBe(true);
    expect(again?.result.ok).toBe(false);
    expect(again?.discrepancy).toBeNull();
    expect(misread?.result.ok).toBe(false);
    expect(misread?.discrepancy).toBeNull();
  });

  it('more scans than picked: refused and reported as over_picked (a shortage line at its first scan); within the picked count only "already scanned"', () => {
    const [, twice, shortage] = scanAll(['4006381333931', '4006381333931', '4012345678901']);
    expect(twice?.result).toEqual({ ok: false, message: 'Produkt 4006381333931: 2-mal gescannt, aber nur 1 kommissioniert!' });
    expect(twice?.discrepancy).toEqual({ product_ean: '4006381333931', kind: 'over_picked', scanned_quantity: 2 });
    expect(shortage?.discrepancy).toEqual({ product_ean: '4012345678901', kind: 'over_picked', scanned_quantity: 1 });
    const [, within, over, overAgain] = scanAll(['4000000000006', '4000000000006', '4000000000006', '4000000000006']);
    expect(within).toMatchObject({ result: { ok: false, message: 'Produkt 4000000000006 wurde bereits gescannt' }, discrepancy: null });
    expect(over?.discrepancy).toEqual({ product_ean: '4000000000006', kind: 'over_picked', scanned_quantity: 3 });
    expect(overAgain?.result.ok).toBe(false);
    expect(overAgain?.discrepancy).toBeNull();
  });

  it('progress in lines and pieces: one scan confirms a line and all its picked pieces', () => {
    const [a] = scanAll(['4000000000006']);
    expect(verifyProgress(info, a?.state ?? emptyVerifyState)).toEqual({ linesDone: 1, lines: 2, piecesDone: 2, pieces: 3 });
    expect(PACKING_UI.verifyProgress(1, 2, 2, 3)).toBe('Positionen 1 / 2 geprüft · Stück 2 / 3');
  });

  it('each piece scanned (packing_verify_each_piece): a line is verified after its picked count, one more is over_picked', () => {
    const pieces = { ...info, verify_each_piece: true };
    const [one, two, first, over] = scanAll(['4000000000006', '4000000000006', '4006381333931', '4006381333931'], emptyVerifyState, pieces);
    expect(one).toMatchObject({ result: { ok: true, message: 'Artikel 2: 1 / 2 Stück' }, done: false });
    expect(verifyProgress(pieces, one?.state ?? emptyVerifyState)).toEqual({ linesDone: 0, lines: 2, piecesDone: 1, pieces: 3 });
    expect(two).toMatchObject({ result: { ok: true, message: 'Artikel 2 geprüft' }, done: false });
    expect([...verifiedLines(pieces, two?.state ?? emptyVerifyState)]).toEqual([2]);
    expect(first).toMatchObject({ result: { ok: true, message: 'Alle Artikel geprüft' }, done: true });
    expect(over?.discrepancy).toEqual({ product_ean: '4006381333931', kind: 'over_picked', scanned_quantity: 2 });
    expect(verifyProgress(pieces, over?.state ?? emptyVerifyState)).toEqual({ linesDone: 2, lines: 2, piecesDone: 3, pieces: 3 });
  });
});
