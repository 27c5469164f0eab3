import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { EN } from '../../../shared/i18n/lang/en';
import { addTranslations, setLanguage } from '../../../shared/i18n/translate';
import { opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { mutation, newClientId, pull, push } from '../../sync/server/sync-helpers';
import { api } from '../outbound-orders/world';
import { buildReturnWorld, type ReturnWorld } from './world';

/** The offline command returns.receiveItem and the working-set entity 'returns' (docs/operations.md "Returns", docs/sync.md). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function announced(w: ReturnWorld) {
  const res = await api(t).post('/api/returns', w.h.customer, {
    outbound_order_id: w.order.id,
    items: [{ product_ean: w.shirt.ean, quantity: 2, reason: 'not_wanted' }],
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; return_number: string };
}

const returnsOf = (r: PullResponse) => opsOf(r).filter((p) => p.entity === 'returns');

describe('offline command returns.receiveItem', () => {
  it('is applied once when pushed twice (one return movement, tagged with the mutation); a refusal is rejected with its German text', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w);
    const c = newClientId();
    const args = { return_id: r.id, product_ean: w.shirt.ean, quantity: 1, condition: 'new', disposition: 'restock', location_barcode: w.shelf.barcode };
    const m = mutation(1, 'returns.receiveItem', args, w.worker.id);
    const first = await push(t.app, w.worker, c, [m]);
    const second = await push(t.app, w.worker, c, [m]);
    expect(first.statusCode).toBe(200);
    const applied = first.json().results[0];
    expect(applied).toMatchObject({ id: 1, status: 'applied', result: { return_id: r.id, status: 'received', location_quantity: 1 } });
    expect(second.json().results).toEqual([{ id: 1, status: 'duplicate', original: 'applied', result: applied.result }]);
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['movement_type', 'quantity', 'return_id', 'mutation_id', 'location_id'])
      .where('client_id', '=', c)
      .execute();
    expect(moves).toEqual([{ movement_type: 'return', quantity: 1, return_id: r.id, mutation_id: 1, location_id: w.shelf.id }]);
    const receipts = await t.db.selectFrom('return_receipts').select(['client_id', 'mutation_id']).where('return_id', '=', r.id).execute();
    expect(receipts.map((x) => [x.client_id, Number(x.mutation_id)])).toEqual([[c, 1]]);

    const refused = await push(t.app, w.worker, c, [
      mutation(2, 'returns.receiveItem', { ...args, disposition: 'quarantine', location_barcode: w.shelf.barcode }, w.worker.id),
    ]);
    const rejection = refused.json().results[0];
    expect(rejection).toMatchObject({ id: 2, status: 'rejected', code: 'RETURN_QUARANTINE_NOT_BLOCKED', params: { barcode: w.shelf.barcode } });
    expect(errorText(rejection.code, rejection.params)).toBe(
      `Lagerplatz ${w.shelf.barcode} ist kein Sperrplatz – Ware ins Sperrlager nur auf einen gesperrten Platz`,
    );
    const bad = await push(t.app, w.worker, c, [mutation(3, 'returns.receiveItem', { ...args, condition: 'kaputt' }, w.worker.id)]);
    const invalid = bad.json().results[0];
    expect(invalid).toMatchObject({
      status: 'rejected',
      code: 'VALIDATION',
      params: { field: 'Zustand', path: 'condition', reason_code: 'schema.returnCondition' },
    });
    // stored with codes: an English handheld shows neither the German field nor the German reason
    expect(errorText(invalid.code, invalid.params)).toBe(`Ungültige Eingabe: Zustand – ${invalid.params.reason}`);
    addTranslations('en', EN);
    setLanguage('en');
    try {
      expect(errorText(invalid.code, invalid.params)).toBe('Invalid input: Condition – Please choose the condition (as new, opened, damaged)');
    } finally {
      setLanguage('de');
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("working-set entity 'returns'", () => {
  it('holds the open returns with lines, order and tracking number; a completed return leaves on the next pull', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w);
    const c = newClientId();
    const full: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    const put = returnsOf(full).find((p) => p.id === r.id);
    expect(put?.data).toMatchObject({
      return_number: r.return_number,
      status: 'announced',
      customer_id: w.customer.id,
      order_number: w.order.order_number,
      tracking_number: '00340434161094042557, 00340434161094042564',
      lines: [{ product_ean: w.shirt.ean, quantity: 2, received_quantity: 0, returnable: 5 }],
    });
    expect(((put?.data ?? {}) as { order_eans?: string[] }).order_eans?.sort()).toEqual([w.shirt.ean, w.mug.ean].sort());

    const receive = await api(t).post(`/api/returns/${r.id}/receive-item`, w.h.worker, {
      product_ean: w.shirt.ean,
      quantity: 2,
      condition: 'damaged',
      disposition: 'quarantine',
      location_barcode: w.quarantine.barcode,
    });
    expect(receive.statusCode).toBe(200);
    const delta: PullResponse = (await pull(t.app, w.worker, c, full.cookie)).json();
    expect(delta.reset).toBeFalsy();
    expect(returnsOf(delta).find((p) => p.id === r.id)?.data).toMatchObject({ status: 'received', lines: [{ received_quantity: 2 }] });

    expect((await api(t).post(`/api/returns/${r.id}/complete`, w.h.worker)).statusCode).toBe(200);
    const after: PullResponse = (await pull(t.app, w.worker, c, delta.cookie)).json();
    expect(returnsOf(after).find((p) => p.id === r.id)).toEqual({ op: 'del', entity: 'returns', id: r.id });
  });
});
