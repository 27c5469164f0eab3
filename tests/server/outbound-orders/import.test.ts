import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE_CSV } from '../../../shared/schemas/order-import';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCompartments, buildCustomer, buildProduct, buildStock } from '../../helpers/factories';
import { api, buildOrderWorld, type OrderWorld, stockTotals } from './world';

/** POST /outbound-orders/import (docs/integrations.md "CSV order import"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

function row(w: OrderWorld, over: Row = {}): Row {
  return {
    order_reference: 'SHOP-1',
    recipient_name: 'Erika Mustermann',
    street: 'Hauptstraße',
    house_number: '5',
    postal_code: '10117',
    city: 'Berlin',
    country_code: 'DE',
    ean: w.looseProduct.ean,
    quantity: '2',
    ...over,
  };
}

function csv(rows: Row[], sep = ';', columns: readonly string[] = IMPORT_COLUMNS): string {
  return [columns.join(sep), ...rows.map((r) => columns.map((c) => r[c as keyof Row] ?? '').join(sep))].join('\r\n');
}

function post(body: string, headers: Record<string, string>, query = '') {
  return t.app.inject({ method: 'POST', url: `/api/outbound-orders/import${query}`, headers: { ...headers, 'content-type': 'text/csv' }, payload: body });
}

async function ordersOf(customerId: number) {
  return t.db
    .selectFrom('outbound_orders')
    .select(['id', 'order_reference', 'delivery_address', 'delivery_company'])
    .where('customer_id', '=', customerId)
    .execute();
}

describe('CSV order import', () => {
  it('books the orders of a ;-file with BOM, several rows per order, with reservations', async () => {
    const w = await buildOrderWorld(t, { ve: 48, loose: 10 });
    const body = `\uFEFF${csv([
      row(w, { company: 'Muster GmbH', phone: '030 123' }),
      row(w, { company: 'Muster GmbH', phone: '030 123', ean: w.veProduct.ean, quantity: '1', packaging_unit: 'Karton' }),
      row(w, {
        order_reference: 'SHOP-2',
        recipient_name: 'Max Muster',
        street: 'Damrak',
        house_number: '1',
        postal_code: '1012 AB',
        city: 'Amsterdam',
        country_code: 'NL',
        quantity: '3',
      }),
    ])}`;
    const res = await post(body, w.h.customer);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().created;
    expect(created.map((c: { order_reference: string }) => c.order_reference)).toEqual(['SHOP-1', 'SHOP-2']);
    const one = (await api(t).get(`/api/outbound-orders/${created[0].id}`, w.h.customer)).json();
    expect(one).toMatchObject({
      order_reference: 'SHOP-1',
      delivery_address: 'Hauptstraße 5',
      delivery_company: 'Muster GmbH',
      delivery_phone: '030 123',
      item_count: 2,
    });
    expect(one.items.find((i: { product_id: number }) => i.product_id === w.veProduct.id)).toMatchObject({ quantity: 6, selected_ve_type: 'box' });
    const two = (await api(t).get(`/api/outbound-orders/${created[1].id}`, w.h.customer)).json();
    expect(two).toMatchObject({ delivery_country: 'NL', delivery_postal_code: '1012 AB', total_quantity: 3 });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 5 });
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 6 });
  });

  it('reads a ,-file with quoted fields and only the required columns', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const cols = IMPORT_COLUMNS.slice(0, 9);
    const body = csv([row(w, { recipient_name: '"Mustermann, Erika"' })], ',', cols);
    const res = await post(body, w.h.customer);
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (await t.db.selectFrom('outbound_orders').select('delivery_name').where('id', '=', res.json().created[0].id).executeTakeFirstOrThrow()).delivery_name,
    ).toBe('Mustermann, Erika');
  });

  it('books nothing when one row is bad and names every bad row with its line and column', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const body = csv([
      row(w),
      row(w, { order_reference: 'SHOP-2', postal_code: '1234' }),
      row(w, { order_reference: 'SHOP-3', ean: '4000000000000', quantity: 'zwei' }),
      row(w, { order_reference: 'SHOP-4', house_number: '', country_code: 'Atlantis' }),
    ]);
    const res = await post(body, w.h.customer);
    expect(res.statusCode).toBe(400);
    const b = res.json();
    expect(b.code).toBe('ORDER_IMPORT_INVALID');
    expect(b.detail).toBe('Die Datei wurde nicht importiert (5 Fehler) – Zeile 3, PLZ: Die PLZ muss aus 5 Ziffern bestehen');
    expect(b.params.rows).toEqual([
      { row: 3, field: 'postal_code', detail: 'Die PLZ muss aus 5 Ziffern bestehen' },
      { row: 4, field: 'quantity', detail: expect.stringContaining('Zahl') },
      { row: 4, field: 'ean', detail: 'Artikel nicht gefunden' },
      { row: 5, field: 'country_code', detail: 'Unbekanntes Lieferland: Atlantis' },
      { row: 5, field: 'house_number', detail: 'Die Straße muss eine Hausnummer enthalten' },
    ]);
    expect(await ordersOf(w.customer.id)).toEqual([]);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 0 });
  });

  it('counts lines as a person does (empty lines, a quoted line break) and refuses a missing column', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const lines = csv([row(w), row(w, { order_reference: 'SHOP-2', quantity: '0' })]).split('\r\n');
    const body = [lines[0], '', lines[1].replace('Erika Mustermann', '"Erika\nMustermann"'), lines[2]].join('\r\n');
    const res = await post(body, w.h.customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().params.rows).toEqual([{ row: 5, field: 'quantity', detail: 'Menge muss größer als 0 sein' }]);
    const noEan = await post(
      csv(
        [row(w)],
        ';',
        IMPORT_COLUMNS.filter((c) => c !== 'ean'),
      ),
      w.h.customer,
    );
    expect(noEan.statusCode).toBe(400);
    expect(noEan.json().params.rows).toEqual([{ row: 1, field: 'ean', detail: 'Pflichtspalte fehlt' }]);
  });

  it('refuses a reference twice in the file with another address, and the same article twice in one order', async () => {
    const w = await buildOrderWorld(t, { ve: 48, loose: 10 });
    const res = await post(csv([row(w), row(w, { city: 'Potsdam', ean: w.veProduct.ean }), row(w)]), w.h.customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().params.rows).toEqual([
      { row: 3, field: 'city', detail: 'Gleiche Bestellreferenz wie Zeile 2, aber andere Lieferadresse' },
      { row: 4, field: 'ean', detail: 'EAN bereits in Zeile 2 desselben Auftrags' },
    ]);
    expect(await ordersOf(w.customer.id)).toEqual([]);
  });

  it('refuses a re-sent file with 409 naming the reference, booking nothing twice', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const body = csv([row(w), row(w, { order_reference: 'SHOP-2' })]);
    expect((await post(body, w.h.customer)).statusCode).toBe(201);
    const again = await post(csv([row(w, { order_reference: 'SHOP-3' }), row(w, { order_reference: 'SHOP-2' })]), w.h.customer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_IMPORT_REFERENCE_EXISTS', detail: 'Bestellreferenz bereits importiert: SHOP-2' });
    expect(again.json().params.rows).toEqual([{ row: 3, field: 'order_reference', detail: 'Bestellreferenz bereits importiert: SHOP-2' }]);
    expect((await ordersOf(w.customer.id)).map((o) => o.order_reference).sort()).toEqual(['SHOP-1', 'SHOP-2']);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 4 });
  });

  it('places a stock refusal of the order service on its line, booking nothing', async () => {
    const w = await buildOrderWorld(t, { loose: 3 });
    const res = await post(csv([row(w), row(w, { order_reference: 'SHOP-2' })]), w.h.customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().params.rows).toEqual([{ row: 3, field: 'quantity', detail: expect.stringMatching(/^Nur 1 .* verfügbar/) }]);
    expect(await ordersOf(w.customer.id)).toEqual([]);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 0 });
  });

  it('previews a dry run without booking', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const res = await post(csv([row(w), row(w, { order_reference: 'SHOP-2', quantity: '1' })]), w.h.customer, '?dry_run=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      orders: [
        {
          order_reference: 'SHOP-1',
          recipient_name: 'Erika Mustermann',
          lines: [{ row: 2, ean: w.looseProduct.ean, title: w.looseProduct.title, quantity: 2, packaging_unit: null }],
        },
        {
          order_reference: 'SHOP-2',
          recipient_name: 'Erika Mustermann',
          lines: [{ row: 3, ean: w.looseProduct.ean, title: w.looseProduct.title, quantity: 1, packaging_unit: null }],
        },
      ],
    });
    expect(await ordersOf(w.customer.id)).toEqual([]);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 0 });
  });
});

describe('the example file the portal offers', () => {
  it('passes every check for a customer storing its two articles', async () => {
    const w = await buildOrderWorld(t);
    const [c1, c2] = await buildCompartments(t.db, 2);
    const tea = await buildProduct(t.db, { ean: '4006381333023' });
    const coffee = await buildProduct(t.db, { ean: '4006381333009', units_per_box: 6 });
    await buildStock(t.db, { product_id: tea.id, customer_id: w.customer.id, location_id: c1.id, quantity: 10 });
    await buildStock(t.db, { product_id: coffee.id, customer_id: w.customer.id, location_id: c2.id, quantity: 12 });
    const res = await post(IMPORT_EXAMPLE_CSV, w.h.customer, '?dry_run=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders.map((o: { order_reference: string; lines: unknown[] }) => [o.order_reference, o.lines.length])).toEqual([
      ['SHOP-1001', 2],
      ['SHOP-1002', 1],
    ]);
  });
});

describe('who may import for whom', () => {
  it("an API key imports for its customer; customer A cannot import for B, nor use B's articles", async () => {
    const a = await buildOrderWorld(t, { loose: 10 });
    const b = await buildOrderWorld(t, { loose: 10 });
    const key = (await api(t).post(`/api/customers/${a.customer.id}/api-keys`, a.h.customer, { name: 'Shop' })).json().key;
    const res = await post(csv([row(a)]), { 'x-api-key': key });
    expect(res.statusCode, res.body).toBe(201);
    expect((await ordersOf(a.customer.id)).map((o) => o.order_reference)).toEqual(['SHOP-1']);
    const forB = await post(csv([row(b)]), a.h.customer, `?customer_id=${b.customer.id}`);
    expect(forB.statusCode).toBe(403);
    const bArticle = await post(csv([row(a, { order_reference: 'SHOP-9', ean: b.looseProduct.ean })]), { authorization: `Bearer ${key}` });
    expect(bArticle.statusCode).toBe(400);
    expect(bArticle.json().params.rows).toEqual([{ row: 2, field: 'ean', detail: 'Artikel nicht gefunden' }]);
    expect(await ordersOf(b.customer.id)).toEqual([]);
  });

  it('staff must name a customer they can see; the same reference may exist for another customer', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const other = await buildOrderWorld(t, { loose: 10 });
    expect((await post(csv([row(other)]), other.h.customer)).statusCode).toBe(201);
    const none = await post(csv([row(w)]), w.h.manager);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('CUSTOMER_REQUIRED');
    const missing = await post(csv([row(w)]), w.h.admin, '?customer_id=99999999');
    expect(missing.statusCode).toBe(404);
    const inactive = await buildCustomer(t.db);
    await t.db.updateTable('customers').set({ is_active: false }).where('id', '=', inactive.id).execute();
    const closed = await post(csv([row(w)]), w.h.admin, `?customer_id=${inactive.id}`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CUSTOMER_INACTIVE');
    const ok = await post(csv([row(w)]), w.h.manager, `?customer_id=${w.customer.id}`);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await ordersOf(w.customer.id)).map((o) => o.order_reference)).toEqual(['SHOP-1']);
  });

  it('refuses other content types, a bad dry_run flag and an empty file in German', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const json = await t.app.inject({ method: 'POST', url: '/api/outbound-orders/import', headers: w.h.customer, payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    const flag = await post(csv([row(w)]), w.h.customer, '?dry_run=ja');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().detail).toBe('Nur prüfen: Nur prüfen muss true oder false sein');
    const empty = await post(IMPORT_COLUMNS.join(';'), w.h.customer);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().params.rows).toEqual([{ row: 2, field: '', detail: 'Die Datei enthält keine Auftragszeilen' }]);
  });
});
