import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildWaveWorld, pickingWave } from './lifecycle-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const cart = (h: Record<string, string>, barcode: string, orderIds: number[], assignments: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/picking-carts/create?pallet_barcode=${encodeURIComponent(barcode)}&order_ids=${orderIds.join(',')}&assignments=${encodeURIComponent(typeof assignments === 'string' ? assignments : JSON.stringify(assignments))}`,
    headers: h,
  });

describe('POST /picking-carts/create', () => {
  it('records the corners of a rolling wave on its pallet; a repeat keeps one cart with the latest corners', async () => {
    const w = await buildWaveWorld(t, 2);
    const waveId = await pickingWave(t, w);
    const [a, b] = w.orderIds as [number, number];
    const res = await cart(w.h.worker, w.pallet.barcode, [a, b], { A: a, B: b });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ wave_id: waveId, pallet_barcode: w.pallet.barcode, order_ids: [a, b], assignments: { A: a, B: b } });
    const again = await cart(w.h.worker, w.pallet.barcode.toLowerCase(), [a, b], { A: b, C: a });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(res.json().id);
    expect(again.json().assignments).toEqual({ A: b, C: a });
    const p = await t.db.selectFrom('pallets').select('current_order_count').where('id', '=', w.pallet.id).executeTakeFirstOrThrow();
    expect(p.current_order_count).toBe(2);
  });

  it('refuses bad corners, foreign pallets and orders outside an open wave', async () => {
    const w = await buildWaveWorld(t, 2);
    await pickingWave(t, w);
    const [a, b] = w.orderIds as [number, number];
    const cases: Array<[unknown, number, string]> = [
      [{ A: a }, 400, 'jeder Auftrag braucht genau eine Ecke'],
      [{ A: a, B: a }, 400, 'jeder Auftrag braucht genau eine Ecke'],
      [{ A: a, E: b }, 400, 'Paletten-Zuordnungen: enthält die unbekannte Angabe „E“'],
      ['{kaputt', 400, 'kein gültiges JSON'],
    ];
    for (const [assignments, status, text] of cases) {
      const r = await cart(w.h.worker, w.pallet.barcode, [a, b], assignments);
      expect(r.statusCode, JSON.stringify(assignments)).toBe(status);
      expect(r.json().detail).toContain(text);
    }
    const foreign = await cart(w.h.worker, 'PAL-FREMD', [a, b], { A: a, B: b });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().detail).toBe(`Welle ist bereits mit Palette ${w.pallet.barcode} gestartet`);
    const other = await buildWaveWorld(t, 1);
    const loose = await cart(other.h.worker, other.pallet.barcode, other.orderIds, { A: other.orderIds[0] });
    expect(loose.statusCode).toBe(400);
    expect(loose.json().detail).toContain('in keiner offenen Welle');
    expect((await cart(w.h.customer, w.pallet.barcode, [a, b], { A: a, B: b })).statusCode).toBe(403);
  });
});
