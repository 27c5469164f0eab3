import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { api, buildOrderWorld, insertOrder, orderBody, stockTotals } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('validation messages', () => {
  it('refuses bad orders with the German texts of the spec', async () => {
    const w = await buildOrderWorld(t, { ve: 100, loose: 100 });
    const a = api(t);
    const cases: Array<[object, number, string]> = [
      [orderBody([]), 400, 'Bitte mindestens einen Artikel hinzufügen'],
      [
        orderBody([
          { product_id: w.looseProduct.id, quantity: 1 },
          { product_id: w.looseProduct.id, quantity: 2 },
        ]),
        400,
        'Artikel bereits hinzugefügt. Entferne ihn zuerst.',
      ],
      [
        orderBody([{ product_id: w.looseProduct.id, selected_ve_type: 'box', selected_ve_quantity: 1 }]),
        400,
        `Verpackungseinheit Karton ist für „${w.looseProduct.title}“ nicht hinterlegt`,
      ],
      [orderBody([{ product_id: w.looseProduct.id }]), 400, 'Menge muss größer als 0 sein'],
      [orderBody([{ product_id: 99999999, quantity: 1 }]), 404, 'Artikel nicht gefunden'],
      [orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], { delivery_postal_code: '1234' }), 400, 'PLZ: Die PLZ muss aus 5 Ziffern bestehen'],
      [
        orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], { delivery_address: 'Hauptstraße' }),
        400,
        'Straße und Hausnummer: Die Straße muss eine Hausnummer enthalten',
      ],
      [orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], { delivery_country: 'Atlantis' }), 400, 'Unbekanntes Lieferland: Atlantis'],
      [orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], { delivery_name: '  ' }), 400, 'Empfänger: Bitte alle Pflichtfelder ausfüllen'],
      [orderBody([{ product_id: w.looseProduct.id, quantity: 0 }]), 400, 'Menge (Position 1): Menge muss größer als 0 sein'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await a.post('/api/outbound-orders/', w.h.customer, body);
      expect(res.statusCode, detail).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    // Nothing of that reserved anything.
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 0 });
  });

  it('accepts foreign addresses by their own rules and normalises the country to its code', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const res = await api(t).post(
      '/api/outbound-orders/',
      w.h.customer,
      orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], {
        delivery_country: 'Niederlande',
        delivery_postal_code: '1012 AB',
        delivery_address: 'Damrak 1',
        delivery_email: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ delivery_country: 'NL', delivery_postal_code: '1012 AB', delivery_email: null });
  });

  it('address edit by staff: validates PLZ and house number; "Deutschland" is DE; email kept when absent', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const o = (await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 1 }]))).json();
    const url = `/api/outbound-orders/${o.id}/delivery-address`;
    const addr = {
      delivery_name: 'Max Muster',
      delivery_address: 'Lindenweg 3',
      delivery_city: 'Bremen',
      delivery_postal_code: '28195',
      delivery_country: 'Deutschland',
    };
    const bad1 = await api(t).patch(url, w.h.worker, { ...addr, delivery_postal_code: '2819' });
    expect(bad1.json()).toMatchObject({ code: 'ORDER_ADDRESS_INVALID', detail: 'PLZ: Die PLZ muss aus 5 Ziffern bestehen' });
    const bad2 = await api(t).patch(url, w.h.worker, { ...addr, delivery_address: 'Lindenweg' });
    expect(bad2.json().detail).toBe('Straße und Hausnummer: Die Straße muss eine Hausnummer enthalten');
    const ok = await api(t).patch(url, w.h.worker, addr);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ...addr, delivery_country: 'DE', delivery_email: 'erika@example.de' });
    const cleared = await api(t).patch(url, w.h.manager, { ...addr, delivery_email: null });
    expect(cleared.json().delivery_email).toBeNull();
  });

  it('staff create for a visible customer; a customer_id is required for staff', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const missing = await api(t).post('/api/outbound-orders/', w.h.manager, orderBody([{ product_id: w.looseProduct.id, quantity: 1 }]));
    expect(missing.statusCode).toBe(400);
    const ok = await api(t).post(
      '/api/outbound-orders/',
      w.h.manager,
      orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], { customer_id: w.customer.id }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ customer_id: w.customer.id, customer_name: w.customer.company_name });
    const elsewhere = await buildOrderWorld(t);
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [elsewhere.customer.id] });
    const hidden = await api(t).post(
      '/api/outbound-orders/',
      auth(t.app, restricted),
      orderBody([{ product_id: w.looseProduct.id, quantity: 1 }], { customer_id: w.customer.id }),
    );
    expect(hidden.statusCode).toBe(404);
  });
});

describe('customer isolation', () => {
  it("customer A cannot list, read, edit, cancel or re-address B's orders (404, never leaked)", async () => {
    const a = await buildOrderWorld(t, { loose: 10 });
    const b = await buildOrderWorld(t, { loose: 10 });
    const bOrder = (await api(t).post('/api/outbound-orders/', b.h.customer, orderBody([{ product_id: b.looseProduct.id, quantity: 2 }]))).json();
    const list = (await api(t).get('/api/outbound-orders/?status_filter=all&page_size=100', a.h.customer)).json();
    expect(list.items.map((o: { id: number }) => o.id)).not.toContain(bOrder.id);
    expect(list.items.every((o: { customer_id: number }) => o.customer_id === a.customer.id)).toBe(true);

    const read = await api(t).get(`/api/outbound-orders/${bOrder.id}`, a.h.customer);
    const unknown = await api(t).get('/api/outbound-orders/987654321', a.h.customer);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ ...unknown.json(), params: { id: bOrder.id } });
    expect(read.json().detail).toBe('Bestellung nicht gefunden');

    const edit = await api(t).patch(`/api/outbound-orders/${bOrder.id}`, a.h.customer, orderBody([{ product_id: a.looseProduct.id, quantity: 1 }]));
    expect(edit.statusCode).toBe(404);
    const cancel = await api(t).post(`/api/outbound-orders/${bOrder.id}/cancel`, a.h.customer);
    expect(cancel.statusCode).toBe(404);
    // Guessing ids around B's order finds nothing of B either.
    for (const id of [bOrder.id - 1, bOrder.id + 1]) {
      const r = await api(t).get(`/api/outbound-orders/${id}`, a.h.customer);
      if (r.statusCode === 200) expect(r.json().customer_id).toBe(a.customer.id);
      else expect(r.statusCode).toBe(404);
    }
    // B's order is untouched.
    const still = (await api(t).get(`/api/outbound-orders/${bOrder.id}`, b.h.customer)).json();
    expect(still).toMatchObject({ status: 'new', total_quantity: 2 });
    expect(await stockTotals(t.db, b.customer.id, b.looseProduct.id)).toMatchObject({ reserved: 2 });
  });

  it("a customer cannot order another customer's stock by sending its customer_id", async () => {
    const a = await buildOrderWorld(t);
    const b = await buildOrderWorld(t, { loose: 10 });
    const res = await api(t).post(
      '/api/outbound-orders/',
      a.h.customer,
      orderBody([{ product_id: b.looseProduct.id, quantity: 1 }], { customer_id: b.customer.id }),
    );
    // B's product is not A's: answered like an unknown id (no title of B's product in the refusal).
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ORDER_PRODUCT_NOT_FOUND');
    expect(await stockTotals(t.db, b.customer.id, b.looseProduct.id)).toMatchObject({ reserved: 0 });
  });

  it("staff with an access list see only those customers' orders", async () => {
    const a = await buildOrderWorld(t);
    const b = await buildOrderWorld(t);
    const oa = await insertOrder(t.db, a.customer.id);
    const ob = await insertOrder(t.db, b.customer.id);
    const only = await buildUser(t.db, 'warehouse_worker', { access: [a.customer.id] });
    const except = await buildUser(t.db, 'warehouse_worker', { access: [a.customer.id], is_exclude: true });
    const ids = async (h: Record<string, string>) =>
      ((await api(t).get('/api/outbound-orders/?status_filter=all&page_size=100', h)).json().items as Array<{ id: number }>).map((o) => o.id);
    expect(await ids(auth(t.app, only))).toContain(oa.id);
    expect(await ids(auth(t.app, only))).not.toContain(ob.id);
    expect(await ids(auth(t.app, except))).not.toContain(oa.id);
    expect(await ids(auth(t.app, except))).toContain(ob.id);
    expect((await api(t).get(`/api/outbound-orders/${ob.id}`, auth(t.app, only))).statusCode).toBe(404);
    expect((await api(t).post(`/api/outbound-orders/${ob.id}/confirm`, auth(t.app, only))).statusCode).toBe(404);
  });
});

describe('paging and filters', () => {
  it('pages by 20 newest first; open is the default filter; every filter matches its statuses', async () => {
    const w = await buildOrderWorld(t);
    const statuses = ['new', 'confirmed', 'picking', 'packed', 'shipped', 'completed', 'cancelled'] as const;
    for (const s of statuses) await insertOrder(t.db, w.customer.id, s);
    for (let i = 0; i < 22; i++) await insertOrder(t.db, w.customer.id, 'new');
    const get = async (qs: string) => (await api(t).get(`/api/outbound-orders/${qs}`, w.h.customer)).json();

    const p1 = await get('');
    expect(p1).toMatchObject({ total: 26, total_pages: 2, page: 1, page_size: 20 });
    expect(p1.items).toHaveLength(20);
    const p2 = await get('?page=2&page_size=20');
    expect(p2.items).toHaveLength(6);
    const all1 = [...p1.items, ...p2.items].map((o: { id: number }) => o.id);
    expect(new Set(all1).size).toBe(26);
    expect(all1).toEqual([...all1].sort((x, y) => y - x));

    const count = async (f: string) => (await get(`?status_filter=${f}`)).total;
    expect(await count('open')).toBe(26);
    expect(await count('new')).toBe(23);
    expect(await count('confirmed')).toBe(1);
    expect(await count('picking')).toBe(1);
    expect(await count('packed')).toBe(1);
    expect(await count('shipped')).toBe(1);
    expect(await count('completed')).toBe(1);
    expect(await count('all')).toBe(29);
    const bad = await api(t).get('/api/outbound-orders/?status_filter=bogus', w.h.customer);
    expect(bad.statusCode).toBe(400);
  });

  it('list entries carry customer name, carrier fields, items with product data', async () => {
    const w = await buildOrderWorld(t, { ve: 12 });
    await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 1 }]));
    const o = (await api(t).get('/api/outbound-orders/', w.h.worker)).json().items.find((x: { customer_id: number }) => x.customer_id === w.customer.id);
    expect(o).toMatchObject({
      customer_name: w.customer.company_name,
      carrier: null,
      carrier_type: null,
      tracking_number: null,
      items: [{ product_ean: w.veProduct.ean, product_title: w.veProduct.title, product: { weight_kg: 1.05, units_per_box: 6 } }],
    });
    expect(Object.keys(o)).toEqual(
      expect.arrayContaining([
        'created_at',
        'confirmed_at',
        'picking_started_at',
        'packed_at',
        'shipped_at',
        'num_pallets',
        'pallet_dimensions',
        'freight_quote_price',
      ]),
    );
  });

  it('order numbers are unique and sort by creation', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const nums: string[] = [];
    for (let i = 0; i < 3; i++)
      nums.push((await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 1 }]))).json().order_number);
    expect(new Set(nums).size).toBe(3);
    expect([...nums].sort()).toEqual(nums);
  });
});
