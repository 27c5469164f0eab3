import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { mutation, newClientId, pull, push } from '../../sync/server/sync-helpers';
import { stockAt } from '../picking/world';
import { buildStocktakeWorld, type StocktakeWorld } from './world';

/**
 * Counting offline (docs/operations.md "Stocktake"): stocktake.count and
 * stocktake.place_done through POST /api/sync/push run the services of the
 * REST routes, exactly once however often a batch is pushed; a refusal is a
 * rejected mutation with the German text. The pull brings the places (never
 * the expected quantities) and the frozen flag of a place.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Result = { id: number; status: string; original?: string; code?: string; params?: Record<string, unknown> };

/** Place a holds 5 loose units; a blind stocktake counts a and b. */
async function counting(s: StocktakeWorld) {
  await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
  const res = await s.create({ location_ids: [s.a.id, s.b.id] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; number: string };
}

const linesOf = (stocktakeId: number) =>
  t.db
    .selectFrom('stocktake_lines as sl')
    .innerJoin('stocktake_places as sp', 'sp.id', 'sl.place_id')
    .select(['sp.location_id', 'sl.expected', 'sl.counted', 'sl.client_id', 'sl.mutation_id'])
    .where('sp.stocktake_id', '=', stocktakeId)
    .orderBy('sl.id')
    .execute();

describe('stocktake.count and stocktake.place_done via /api/sync/push', () => {
  it('applies a count and "Platz fertig" once, pushed twice; the line and the place carry the mutation; a place outside is rejected in German', async () => {
    const s = await buildStocktakeWorld(t);
    const st = await counting(s);
    const clientId = newClientId();
    const batch = [
      mutation(1, 'stocktake.count', { stocktake_id: st.id, location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 4 }, s.w.worker.id),
      mutation(2, 'stocktake.count', { stocktake_id: st.id, location_barcode: s.a.barcode.toLowerCase(), ean: s.w.loose.ean, quantity: 3 }, s.w.worker.id),
      mutation(3, 'stocktake.place_done', { stocktake_id: st.id, location_barcode: s.a.barcode }, s.w.worker.id),
      mutation(4, 'stocktake.count', { stocktake_id: st.id, location_barcode: s.c.barcode, ean: s.w.loose.ean, quantity: 1 }, s.w.worker.id),
    ];
    const first = await push(t.app, s.w.worker, clientId, batch);
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json().results as Result[];
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
    expect(results[3]).toMatchObject({ code: 'STOCKTAKE_PLACE_NOT_IN', params: { barcode: s.c.barcode, number: st.number } });
    expect(errorText(results[3].code ?? '', results[3].params)).toBe(`Lagerplatz ${s.c.barcode} gehört nicht zur Inventur ${st.number}`);

    // The same batch again (a lost answer): stored outcomes, no second effect.
    const again = await push(t.app, s.w.worker, clientId, batch);
    expect(again.statusCode).toBe(200);
    expect((again.json().results as Result[]).map((r) => [r.status, r.original])).toEqual([
      ['duplicate', 'applied'],
      ['duplicate', 'applied'],
      ['duplicate', 'applied'],
      ['duplicate', 'rejected'],
    ]);
    // Last write wins on the one line: counted 3, set by mutation 2 of this device.
    expect(await linesOf(st.id)).toEqual([{ location_id: s.a.id, expected: 5, counted: 3, client_id: clientId, mutation_id: 2 }]);
    const place = await t.db
      .selectFrom('stocktake_places')
      .select(['done', 'client_id', 'mutation_id'])
      .where('stocktake_id', '=', st.id)
      .where('location_id', '=', s.a.id)
      .executeTakeFirstOrThrow();
    expect(place).toEqual({ done: true, client_id: clientId, mutation_id: 3 });
    // The manager's review shows the count and its difference.
    const detail = (await s.detail(st.id)).json();
    expect(detail.places.find((p: { location_barcode: string }) => p.location_barcode === s.a.barcode)).toMatchObject({
      done: true,
      lines: [{ ean: s.w.loose.ean, expected: 5, counted: 3, difference: -2 }],
    });
  });

  it('the pull sends the counting places with done and own counts but no expected quantity, frozen places, and both changes on the next pull', async () => {
    const s = await buildStocktakeWorld(t);
    const clientId = newClientId();
    const full: PullResponse = (await pull(t.app, s.w.worker, clientId, null)).json();
    expect(opsOf(full).find((o) => o.entity === 'location' && o.id === s.a.id)?.data).toMatchObject({ stocktake: null });

    const st = await counting(s);
    const afterCreate: PullResponse = (await pull(t.app, s.w.worker, clientId, full.cookie)).json();
    // Only this stocktake's places: rows committed just before the previous pull may come again (sync/server/change-window.ts).
    const places = opsOf(afterCreate).filter(
      (o) => o.entity === 'stocktakePlaces' && o.op === 'put' && (o.data as { stocktake_id: number }).stocktake_id === st.id,
    );
    expect(places.map((p) => p.data)).toEqual([
      expect.objectContaining({ stocktake_id: st.id, number: st.number, location_id: s.a.id, location_barcode: s.a.barcode, done: false, counts: [] }),
      expect.objectContaining({ stocktake_id: st.id, location_id: s.b.id, done: false, counts: [] }),
    ]);
    // The counter never gets an expected quantity.
    expect(JSON.stringify(afterCreate.patch)).not.toMatch(/expected/);
    expect(opsOf(afterCreate).find((o) => o.entity === 'location' && o.id === s.a.id)?.data).toMatchObject({ stocktake: st.number });

    await push(t.app, s.w.worker, clientId, [
      mutation(1, 'stocktake.count', { stocktake_id: st.id, location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 4 }, s.w.worker.id),
      mutation(2, 'stocktake.place_done', { stocktake_id: st.id, location_barcode: s.a.barcode }, s.w.worker.id),
    ]);
    const afterCount: PullResponse = (await pull(t.app, s.w.worker, clientId, afterCreate.cookie)).json();
    const a = opsOf(afterCount).find((o) => o.entity === 'stocktakePlaces' && o.data && (o.data as { location_id: number }).location_id === s.a.id);
    expect(a?.data).toMatchObject({ done: true, counts: [{ ean: s.w.loose.ean, customer_id: s.w.customer.id, batch_number: '', counted: 4 }] });

    await s.done(st.id, s.b.barcode);
    expect((await s.book(st.id)).statusCode).toBe(200);
    const afterBook: PullResponse = (await pull(t.app, s.w.worker, clientId, afterCount.cookie)).json();
    const gone = opsOf(afterBook)
      .filter((o) => o.entity === 'stocktakePlaces' && o.op === 'del')
      .map((o) => o.id);
    expect(gone).toHaveLength(2);
    expect(opsOf(afterBook).find((o) => o.entity === 'location' && o.id === s.a.id)?.data).toMatchObject({ stocktake: null });
  });
});
