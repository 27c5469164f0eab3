import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatOf } from '../../../server/features/billing/invoice-drafts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { berlinYear, buildInvoiceWorld, invoiceApi } from './invoice-world';
import { D } from './world';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildInvoiceWorld>>;
let api: ReturnType<typeof invoiceApi>;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildInvoiceWorld(t);
  api = invoiceApi(t);
});
afterAll(async () => t.close());

const DAY_AFTER = '2026-03-11';

describe('invoice drafts', () => {
  it('prices the counted quantities: one line per priced code with a quantity, VAT once on the total, half up', async () => {
    const res = await api.create(w.admin, { customer_id: w.customer.id, period_from: D, period_to: D });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({ status: 'draft', number: null, kind: 'invoice', net_cents: 6983, vat_rate: 19, vat_cents: 1327, gross_cents: 8310 });
    expect(inv.lines).toEqual([
      { code: 'storage_place_day', description: 'Lagerplatz pro Tag', quantity: 3, unit_price_cents: 35, net_cents: 105 },
      { code: 'inbound_unit', description: 'Einlagerung pro Stück', quantity: 20, unit_price_cents: 12, net_cents: 240 },
      { code: 'pick_line', description: 'Pickposition', quantity: 2, unit_price_cents: 20, net_cents: 40 },
      { code: 'pick_unit', description: 'Pick pro Stück', quantity: 5, unit_price_cents: 7, net_cents: 35 },
      { code: 'order_shipped', description: 'Versandauftrag', quantity: 2, unit_price_cents: 150, net_cents: 300 },
      { code: 'freight_pallet', description: 'Speditionspalette', quantity: 3, unit_price_cents: 1999, net_cents: 5997 },
      { code: 'return_unit', description: 'Retoure pro Stück', quantity: 2, unit_price_cents: 133, net_cents: 266 },
    ]);
    // D+1: one new pick line and 2 units only; the codes with quantity 0 give no line.
    const next = (await api.create(w.admin, { customer_id: w.customer.id, period_from: DAY_AFTER, period_to: DAY_AFTER })).json();
    expect(next.lines.map((l: { code: string; quantity: number }) => [l.code, l.quantity])).toEqual([
      ['pick_line', 1],
      ['pick_unit', 2],
    ]);
    expect(next).toMatchObject({ net_cents: 34, vat_cents: 6, gross_cents: 40 });
    for (const id of [inv.id, next.id]) expect((await api.remove(w.admin, id)).statusCode).toBe(200);
    expect((await api.get(w.admin, inv.id)).statusCode).toBe(404);
  });

  it('rounds VAT half up (away from zero for a cancellation) and takes the setting vat_rate_percent', async () => {
    expect([vatOf(50, 19), vatOf(49, 19), vatOf(150, 19), vatOf(-50, 19), vatOf(6983, 19), vatOf(6983, 7), vatOf(0, 19)]).toEqual([
      10, 9, 29, -10, 1327, 489, 0,
    ]);
    await t.db.insertInto('settings').values({ key: 'vat_rate_percent', value: '7', description: null }).execute();
    const inv = (await api.create(w.admin, { customer_id: w.customer.id, period_from: D, period_to: D })).json();
    expect(inv).toMatchObject({ net_cents: 6983, vat_rate: 7, vat_cents: 489, gross_cents: 7472 });
    await t.db.updateTable('settings').set({ value: '19' }).where('key', '=', 'vat_rate_percent').execute();
    const again = (await api.action(w.admin, inv.id, 'recompute')).json();
    expect(again).toMatchObject({ vat_rate: 19, vat_cents: 1327, gross_cents: 8310 });
    await api.remove(w.admin, inv.id);
  });

  it('recompute counts again from the current rate card', async () => {
    const inv = (await api.create(w.admin, { customer_id: w.customer.id, period_from: D, period_to: D })).json();
    await t.db
      .updateTable('customer_rates')
      .set({ price_cents: 36 })
      .where('customer_id', '=', w.customer.id)
      .where('code', '=', 'storage_place_day')
      .execute();
    const again = await api.action(w.admin, inv.id, 'recompute');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      net_cents: 6986,
      lines: expect.arrayContaining([expect.objectContaining({ code: 'storage_place_day', net_cents: 108 })]),
    });
    await t.db
      .updateTable('customer_rates')
      .set({ price_cents: 35 })
      .where('customer_id', '=', w.customer.id)
      .where('code', '=', 'storage_place_day')
      .execute();
    await api.remove(w.admin, inv.id);
  });

  it('refuses a reversed or future period, impossible dates and unknown customers (400/404, German)', async () => {
    const cases: Array<[object, number, string]> = [
      [{ customer_id: w.customer.id, period_from: DAY_AFTER, period_to: D }, 400, 'Zeitraum von'],
      [{ customer_id: w.customer.id, period_from: D, period_to: '2999-01-01' }, 400, 'Zukunft'],
      [{ customer_id: w.customer.id, period_from: '2026-02-30', period_to: D }, 400, 'Datum'],
      [{ customer_id: w.customer.id, period_from: D }, 400, 'Zeitraum bis'],
      [{ customer_id: 999999, period_from: D, period_to: D }, 404, 'Kunde nicht gefunden'],
    ];
    for (const [body, status, word] of cases) {
      const res = await api.create(w.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().detail).toContain(word);
    }
  });
});

describe('finalize, immutability, overlap, cancellation', () => {
  it('numbers RE-YYYY-NNNNN, freezes the invoice (409), refuses overlaps; a cancellation frees the period', async () => {
    const year = berlinYear();
    const first = (await api.create(w.admin, { customer_id: w.customer.id, period_from: D, period_to: D })).json();
    const fin = await api.action(w.admin, first.id, 'finalize');
    expect(fin.statusCode).toBe(200);
    const final = fin.json();
    expect(final).toMatchObject({ status: 'final', number: `RE-${year}-00001`, gross_cents: 8310 });
    expect(final.seller).toMatchObject({ name: 'Lagerwerk Fulfilment GmbH', vat_id: 'DE123456789', iban: 'DE89 3704 0044 0532 0130 00', city: 'Hamburg' });
    expect(final.buyer).toMatchObject({ name: 'Seifen & Söhne KG', street: 'Marktplatz 3', postal_code: '80331', city: 'München' });
    for (const action of ['finalize', 'recompute'] as const) {
      const res = await api.action(w.admin, first.id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toContain('festgeschrieben');
    }
    expect((await api.remove(w.admin, first.id)).statusCode).toBe(409);

    // The snapshot stays what it was when the customer moves.
    await t.db.updateTable('customers').set({ city: 'Augsburg' }).where('id', '=', w.customer.id).execute();
    expect((await api.get(w.admin, first.id)).json().buyer.city).toBe('München');
  });

  it('overlap → 409; cancel issues a negated Stornorechnung with its own number and frees the period', async () => {
    const year = berlinYear();
    const [orig] = (await api.list(w.admin, `?customer_id=${w.customer.id}&status=final`)).json();
    const overlapping = (await api.create(w.admin, { customer_id: w.customer.id, period_from: '2026-03-01', period_to: D })).json();
    const refused = await api.action(w.admin, overlapping.id, 'finalize');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVOICE_PERIOD_OVERLAP', detail: expect.stringContaining(orig.number) });
    // Another customer's period does not overlap.
    const foreign = (await api.create(w.admin, { customer_id: w.other.id, period_from: D, period_to: D })).json();
    await t.db.insertInto('customer_rates').values({ customer_id: w.other.id, code: 'pick_unit', price_cents: 10 }).execute();
    expect((await api.action(w.admin, foreign.id, 'recompute')).json().net_cents).toBe(40);
    expect((await api.action(w.admin, foreign.id, 'finalize')).json().number).toBe(`RE-${year}-00002`);

    const cancel = await api.action(w.admin, orig.id, 'cancel');
    expect(cancel.statusCode).toBe(201);
    const storno = cancel.json();
    expect(storno).toMatchObject({
      kind: 'cancellation',
      status: 'final',
      number: `RE-${year}-00003`,
      cancels_invoice_id: orig.id,
      period_from: D,
      period_to: D,
      net_cents: -6983,
      vat_cents: -1327,
      gross_cents: -8310,
    });
    expect(storno.lines[0]).toEqual({ code: 'storage_place_day', description: 'Lagerplatz pro Tag', quantity: -3, unit_price_cents: 35, net_cents: -105 });
    expect(storno.lines.reduce((s: number, l: { net_cents: number }) => s + l.net_cents, 0)).toBe(-6983);
    expect((await api.get(w.admin, orig.id)).json()).toMatchObject({ status: 'cancelled', cancelled_by_invoice_id: storno.id });
    for (const id of [orig.id, storno.id]) {
      const again = await api.action(w.admin, id, 'cancel');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'INVOICE_NOT_CANCELLABLE', detail: expect.stringContaining('kann nicht storniert werden') });
    }
    // The period is free again.
    const redo = await api.action(w.admin, overlapping.id, 'finalize');
    expect(redo.statusCode).toBe(200);
    expect(redo.json().number).toBe(`RE-${year}-00004`);
  });

  it('refuses to finalize a draft without lines and cancel a draft (409)', async () => {
    const empty = (await api.create(w.admin, { customer_id: w.third.id, period_from: D, period_to: D })).json();
    expect(empty.lines).toEqual([]);
    const res = await api.action(w.admin, empty.id, 'finalize');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('keine Positionen');
    expect((await api.action(w.admin, empty.id, 'cancel')).statusCode).toBe(409);
    expect((await api.get(w.admin, empty.id, '/xrechnung.xml')).statusCode).toBe(409);
  });
});

describe('who sees invoices', () => {
  it('a customer user sees its own final and cancelled invoices and cancellations, never drafts; others 404; writes 403', async () => {
    const draft = (await api.create(w.admin, { customer_id: w.customer.id, period_from: '2026-02-01', period_to: '2026-02-02' })).json();
    const all = (await api.list(w.admin, `?customer_id=${w.customer.id}`)).json() as Array<{ id: number; status: string; kind: string }>;
    expect(all.some((i) => i.id === draft.id)).toBe(true);
    const mine = (await api.list(w.own)).json() as Array<{ id: number; status: string; kind: string; customer_id: number }>;
    expect(mine.map((i) => i.id).sort()).toEqual(
      all
        .filter((i) => i.status !== 'draft')
        .map((i) => i.id)
        .sort(),
    );
    expect(mine.some((i) => i.kind === 'cancellation')).toBe(true);
    expect(mine.every((i) => i.customer_id === w.customer.id)).toBe(true);
    expect((await api.list(w.own, '?status=draft')).json()).toEqual([]);
    expect((await api.get(w.own, draft.id)).statusCode).toBe(404);
    expect((await api.get(w.own, mine[0].id)).statusCode).toBe(200);
    for (const suffix of ['', '/pdf', '/xrechnung.xml', '/lines.csv']) {
      const res = await api.get(w.foreign, mine[0].id, suffix);
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json().detail).toBe('Rechnung nicht gefunden');
    }
    // API key of the customer: the same view.
    const key = (await t.app.inject({ method: 'POST', url: `/api/customers/${w.customer.id}/api-keys`, headers: w.own, payload: { name: 'Shop' } })).json().key;
    const byKey = (await api.list({ 'x-api-key': key })).json() as Array<{ id: number }>;
    expect(byKey.map((i) => i.id).sort()).toEqual(mine.map((i) => i.id).sort());
    expect((await api.get({ 'x-api-key': key }, draft.id)).statusCode).toBe(404);
    // Staff without admin see no invoices; writes are the admin's (403).
    const worker = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
    expect((await api.list(worker)).json()).toEqual([]);
    expect((await api.get(worker, mine[0].id)).statusCode).toBe(404);
    for (const h of [w.own, worker, { 'x-api-key': key }]) {
      expect((await api.create(h, { customer_id: w.customer.id, period_from: D, period_to: D })).statusCode).toBe(403);
      for (const action of ['finalize', 'cancel', 'recompute'] as const) expect((await api.action(h, draft.id, action)).statusCode).toBe(403);
      expect((await api.remove(h, draft.id)).statusCode).toBe(403);
    }
    // An admin restricted to another customer: 404.
    const restricted = auth(t.app, await buildUser(t.db, 'admin', { access: [w.other.id] }));
    expect((await api.get(restricted, draft.id)).statusCode).toBe(404);
    expect((await api.remove(restricted, draft.id)).statusCode).toBe(404);
    expect((await api.create(restricted, { customer_id: w.customer.id, period_from: D, period_to: D })).statusCode).toBe(404);
    expect((await api.list(w.admin, '?status=offen')).json().detail).toContain('Rechnungsstatus');
  });
});

describe('seller settings of invoices', () => {
  it('checks vat_id, iban and vat_rate_percent (400, German) and stores them upper-cased', async () => {
    const put = (key: string, value: string) => t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: w.admin, payload: { value } });
    const bad: Array<[string, string, string]> = [
      ['vat_id', '123456789', 'USt-IdNr.: Ländercode'],
      ['iban', 'DE89', 'IBAN: Ländercode'],
      ['vat_rate_percent', '100', 'Umsatzsteuersatz (%): ganze Zahl von 0 bis 99'],
      ['vat_rate_percent', '7.5', 'ganze Zahl'],
    ];
    for (const [key, value, detail] of bad) {
      const res = await put(key, value);
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    expect((await put('vat_id', 'de987654321')).json().value).toBe('DE987654321');
    expect((await put('iban', 'de89 3704 0044 0532 0130 00')).json().value).toBe('DE89 3704 0044 0532 0130 00');
    expect((await put('vat_rate_percent', '19')).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: w.admin })).json() as Array<{ key: string; category: string }>;
    expect(list.filter((s) => ['vat_id', 'iban', 'vat_rate_percent'].includes(s.key)).map((s) => s.category)).toEqual(['general', 'general', 'general']);
  });
});
