import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/index';
import { WAVE_PALLET } from '../../shared/constants';
import { hasHouseNumber, postalCodeProblem } from '../../shared/domain/address';
import { seedDemo } from '../../server/db/seed';
import { DEMO_SELLER } from '../../server/db/seed-billing';
import { FREIGHT_DEMO_ORDER, FREIGHT_DEMO_PALLET } from '../../server/db/seed-freight';
import { PICKING_DEMO_ORDER, PICKING_DEMO_PALLET } from '../../server/db/seed-picking';
import { STOCKTAKE_DEMO } from '../../server/db/seed-stocktake';
import { getStocktake } from '../../server/features/stocktakes/queries';
import { loadActor } from '../../server/auth/users';
import { listFreightQuotations } from '../../server/features/freight/service';
import { myStock } from '../../server/features/inventory/my-stock';
import { createTestDb } from '../helpers/db';
import { ledgerMismatches } from '../helpers/ledger';

/** The demo data of `npm start` on an empty database (server/db/seed.ts, docs/demo-data.md). */

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
  await seedDemo(h.db, { withAdmin: true });
});
afterAll(async () => h?.close());

const CUSTOMERS = ['Müller Naturkost GmbH', 'Schmidt Elektronik KG'];
/** Delivery names of the wave-planning demo orders (server/db/seed-wave-orders.ts). */
const WAVE_ORDERS = {
  office: ['Schreibwaren Lindner', 'Copy-Shop Yilmaz', 'Kanzlei Dr. Roth', 'Ingenieurbüro Falk'],
  heavy: 'Restaurant Tandoor',
  missing: 'Landmarkt Ebert',
};

async function countsBy(table: 'outbound_orders' | 'inbound_notifications'): Promise<Record<string, number>> {
  const { rows } = await sql<{ company_name: string; status: string; n: number }>`
    SELECT c.company_name, t.status, count(*)::int AS n
    FROM ${sql.table(table)} t JOIN customers c ON c.id = t.customer_id
    GROUP BY c.company_name, t.status`.execute(h.db);
  return Object.fromEntries(rows.map((r) => [`${r.company_name}/${r.status}`, Number(r.n)]));
}

describe('demo seed', () => {
  it('has outbound orders new, confirmed and picking for both customers; packed only the freight order waiting for an offer; one shipped order each (returns)', async () => {
    const counts = await countsBy('outbound_orders');
    for (const c of CUSTOMERS) {
      expect(counts[`${c}/new`], `${c} new`).toBeGreaterThanOrEqual(1);
      expect(counts[`${c}/confirmed`], `${c} confirmed`).toBeGreaterThanOrEqual(1);
      expect(counts[`${c}/picking`], `${c} picking`).toBeGreaterThanOrEqual(1);
    }
    expect(counts['Müller Naturkost GmbH/packed']).toBe(1);
    for (const c of CUSTOMERS) expect(counts[`${c}/shipped`], `${c} shipped`).toBe(1);
    expect(Object.keys(counts).every((k) => /\/(new|confirmed|picking|shipped)$/.test(k) || k === 'Müller Naturkost GmbH/packed')).toBe(true);
  });

  it('orders carry the timestamps of their state and a valid delivery address: German, but the freight order to Utrecht', async () => {
    const orders = await h.db
      .selectFrom('outbound_orders')
      .select([
        'order_number',
        'status',
        'confirmed_at',
        'picking_started_at',
        'packed_at',
        'delivery_name',
        'delivery_address',
        'delivery_postal_code',
        'delivery_country',
        'created_by',
      ])
      .execute();
    for (const o of orders) {
      const abroad = o.delivery_name === FREIGHT_DEMO_ORDER.address.delivery_name;
      expect(o.order_number).toMatch(/^A-\d{4}-\d{6}$/);
      expect(o.delivery_country).toBe(abroad ? 'NL' : 'DE');
      if (!abroad) expect(o.delivery_postal_code).toMatch(/^\d{5}$/);
      expect(postalCodeProblem(o.delivery_postal_code, o.delivery_country), o.order_number).toBeNull();
      expect(hasHouseNumber(o.delivery_address), o.order_number).toBe(true);
      expect(o.created_by).not.toBeNull();
      expect(o.confirmed_at !== null, o.order_number).toBe(o.status !== 'new');
      expect(o.picking_started_at !== null, o.order_number).toBe(['picking', 'packed', 'shipped'].includes(o.status));
      expect(o.packed_at !== null, o.order_number).toBe(o.status === 'packed' || o.status === 'shipped');
    }
    expect(orders.filter((o) => o.delivery_country !== 'DE')).toHaveLength(1);
  });

  it("every order line is fully reserved or picked, and only from stock of the order's customer and product", async () => {
    const lines = await h.db
      .selectFrom('outbound_order_items as i')
      .innerJoin('outbound_orders as o', 'o.id', 'i.order_id')
      .leftJoin('order_reservations as r', 'r.order_item_id', 'i.id')
      .leftJoin('stock as s', 's.id', 'r.stock_id')
      .select([
        'i.id',
        'i.quantity',
        'i.picked_quantity',
        sql<number>`coalesce(sum(r.quantity), 0)::int`.as('reserved'),
        sql<number>`count(*) filter (where s.customer_id <> o.customer_id or s.product_id <> i.product_id)::int`.as('foreign'),
      ])
      .groupBy(['i.id', 'i.quantity', 'i.picked_quantity'])
      .execute();
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const l of lines) {
      // The packing and freight demos' lines are picked (seed-packing.ts, seed-freight.ts); every other line is reserved.
      expect(Number(l.reserved) + l.picked_quantity, `line ${l.id}`).toBe(l.quantity);
      expect(Number(l.foreign), `line ${l.id}`).toBe(0);
    }
  });

  it('stock.reserved_quantity equals the sum of the open reservations, and stock equals its ledger', async () => {
    const rows = await h.db
      .selectFrom('stock as s')
      .leftJoin('order_reservations as r', 'r.stock_id', 's.id')
      .select(['s.id', 's.quantity', 's.reserved_quantity', sql<number>`coalesce(sum(r.quantity), 0)::int`.as('sum')])
      .groupBy(['s.id', 's.quantity', 's.reserved_quantity'])
      .execute();
    for (const r of rows) {
      expect(r.reserved_quantity, `stock ${r.id}`).toBe(Number(r.sum));
      expect(r.reserved_quantity).toBeLessThanOrEqual(r.quantity);
    }
    expect(rows.some((r) => r.reserved_quantity > 0)).toBe(true);
    expect(await ledgerMismatches(h.db)).toEqual([]);
  });

  it('has the confirmed wave-planning orders: four with complete product data, one above 100 kg, one lacking dimensions', async () => {
    const lines = await h.db
      .selectFrom('outbound_order_items as i')
      .innerJoin('outbound_orders as o', 'o.id', 'i.order_id')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['o.delivery_name', 'o.status', 'i.quantity', 'p.weight_kg', 'p.length_cm', 'p.width_cm', 'p.height_cm'])
      .where('o.delivery_name', 'in', [...WAVE_ORDERS.office, WAVE_ORDERS.heavy, WAVE_ORDERS.missing])
      .execute();
    expect(new Set(lines.map((l) => l.delivery_name)).size).toBe(6);
    expect(lines.every((l) => l.status === 'confirmed')).toBe(true);
    const complete = (l: (typeof lines)[number]) => [l.weight_kg, l.length_cm, l.width_cm, l.height_cm].every((v) => v !== null && Number(v) > 0);
    expect(lines.filter((l) => WAVE_ORDERS.office.includes(l.delivery_name)).every(complete)).toBe(true);
    const heavy = lines.filter((l) => l.delivery_name === WAVE_ORDERS.heavy);
    expect(heavy.every(complete)).toBe(true);
    expect(heavy.reduce((kg, l) => kg + l.quantity * Number(l.weight_kg), 0)).toBeGreaterThan(WAVE_PALLET.heavy_order_kg);
    expect(lines.filter((l) => l.delivery_name === WAVE_ORDERS.missing).some((l) => !complete(l))).toBe(true);
  });

  it('has inbound announcements announced and confirmed for both customers, items linked to the catalogue', async () => {
    const counts = await countsBy('inbound_notifications');
    for (const c of CUSTOMERS) {
      expect(counts[`${c}/announced`], `${c} announced`).toBeGreaterThanOrEqual(1);
      expect(counts[`${c}/confirmed`], `${c} confirmed`).toBeGreaterThanOrEqual(1);
    }
    const items = await h.db.selectFrom('inbound_notification_items').select(['product_id', 'received_quantity']).execute();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.product_id !== null && i.received_quantity === 0)).toBe(true);
    const confirmed = await h.db.selectFrom('inbound_notifications').select(['confirmed_at', 'confirmed_by']).where('status', '=', 'confirmed').execute();
    expect(confirmed.every((n) => n.confirmed_at !== null && n.confirmed_by !== null)).toBe(true);
  });

  it('has reusable pallets PAL-001…PAL-004 available, PAL-005 in use by the demo picking wave, PAL-101 at the packing table, PAL-102 with the freight order and 20 available DISP- barcodes', async () => {
    const pallets = await h.db.selectFrom('pallets').select(['barcode', 'status', 'active']).orderBy('barcode').execute();
    expect(pallets.map((p) => p.barcode)).toEqual(['PAL-001', 'PAL-002', 'PAL-003', 'PAL-004', PICKING_DEMO_PALLET, 'PAL-101', FREIGHT_DEMO_PALLET]);
    expect(pallets.every((p) => p.active)).toBe(true);
    expect(pallets.map((p) => p.status)).toEqual(['available', 'available', 'available', 'available', 'in_use', 'ready_for_packing', 'packing']);
    const disp = await h.db.selectFrom('disposable_pallets').select(['barcode', 'status']).execute();
    expect(disp).toHaveLength(20);
    expect(disp.every((d) => /^DISP-[A-Z0-9]{8}$/.test(d.barcode) && d.status === 'available')).toBe(true);
  });

  it('has a pallet ready for packing: two fully picked Müller orders on PAL-101 in a completed wave, DHL settings empty', async () => {
    const orders = await h.db
      .selectFrom('outbound_orders as o')
      .innerJoin('picking_wave_orders as wo', 'wo.order_id', 'o.id')
      .innerJoin('picking_waves as w', 'w.id', 'wo.wave_id')
      .innerJoin('pallets as p', 'p.current_wave_id', 'w.id')
      .select(['o.id', 'o.status', 'o.picking_completed_at', 'w.status as wave_status'])
      .where('p.barcode', '=', 'PAL-101')
      .execute();
    expect(orders).toHaveLength(2);
    for (const o of orders) expect(o).toMatchObject({ status: 'picking', wave_status: 'completed', picking_completed_at: expect.any(Date) });
    const lines = await h.db
      .selectFrom('outbound_order_items')
      .select(['quantity', 'picked_quantity'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(lines.length).toBe(3);
    expect(lines.every((l) => l.picked_quantity === l.quantity)).toBe(true);
    const dhl = await h.db.selectFrom('settings').select('key').where('key', 'like', 'dhl_%').where('value', 'is not', null).execute();
    expect(dhl).toEqual([]);
  });

  it('has one open freight quotation: the Utrecht order fully picked on PAL-102, packed on two pallets, requested and logged', async () => {
    const manager = await h.db.selectFrom('users').select('id').where('role', '=', 'warehouse_manager').executeTakeFirstOrThrow();
    const actor = await loadActor(h.db, manager.id);
    if (!actor) throw new Error('demo manager missing');
    const list = await listFreightQuotations(h.db, actor);
    expect(list).toHaveLength(1);
    const q = list[0] as (typeof list)[number];
    expect(q).toMatchObject({
      ...FREIGHT_DEMO_ORDER.address,
      customer_name: 'Müller Naturkost GmbH',
      num_pallets: 2,
      pallet_dimensions: FREIGHT_DEMO_ORDER.pallets,
      freight_quote_price: null,
      freight_quote_notes: null,
    });
    expect(q.freight_quote_requested_at).toBeInstanceOf(Date);
    const order = await h.db.selectFrom('outbound_orders').selectAll().where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'packed', carrier: null, carrier_type: 'freight', num_packages: 2, total_weight_grams: 130_500 });
    const lines = await h.db.selectFrom('outbound_order_items').select(['quantity', 'picked_quantity']).where('order_id', '=', q.id).execute();
    expect(lines.map((l) => [l.quantity, l.picked_quantity])).toEqual(FREIGHT_DEMO_ORDER.items.map(([, n]) => [n, n]));
    const picked = await h.db.selectFrom('stock_movements').select('quantity').where('order_id', '=', q.id).where('movement_type', '=', 'order_pick').execute();
    expect(picked.reduce((sum, m) => sum - m.quantity, 0)).toBe(160);
    const pallets = await h.db.selectFrom('freight_pallets').select('position').where('order_id', '=', q.id).orderBy('position').execute();
    expect(pallets.map((p) => p.position)).toEqual([1, 2]);
    const packingLog = await h.db
      .selectFrom('status_logs')
      .select('event_type')
      .where('order_id', '=', q.id)
      .where('log_type', '=', 'packing')
      .orderBy('id')
      .execute();
    expect(packingLog.map((l) => l.event_type)).toEqual(['order_packed', 'freight_quote_requested']);
    const pallet = await h.db
      .selectFrom('pallets as p')
      .innerJoin('picking_wave_orders as wo', 'wo.wave_id', 'p.current_wave_id')
      .innerJoin('picking_waves as w', 'w.id', 'wo.wave_id')
      .select(['wo.order_id', 'w.status'])
      .where('p.barcode', '=', FREIGHT_DEMO_PALLET)
      .execute();
    expect(pallet).toEqual([{ order_id: q.id, status: 'completed' }]);
  });

  it('has one wave ready to pick on PAL-005, open for any picker, its order confirmed, fully reserved and no planning candidate', async () => {
    const waves = await h.db
      .selectFrom('picking_waves')
      .select(['id', 'status', 'pallet_barcode', 'picker_user_id'])
      .where('status', '!=', 'completed')
      .execute();
    expect(waves).toEqual([{ id: expect.any(Number), status: 'ready', pallet_barcode: PICKING_DEMO_PALLET, picker_user_id: null }]);
    const orders = await h.db
      .selectFrom('picking_wave_orders as wo')
      .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
      .select(['o.id', 'o.status', 'o.delivery_name', 'wo.is_open'])
      .where('wo.wave_id', '=', waves[0].id)
      .execute();
    expect(orders).toMatchObject([{ status: 'confirmed', delivery_name: PICKING_DEMO_ORDER.address.delivery_name, is_open: true }]);
    const { rows } = await sql<{ ordered: number; reserved: number }>`
      SELECT sum(i.quantity)::int AS ordered, (SELECT coalesce(sum(r.quantity), 0)::int FROM order_reservations r JOIN outbound_order_items x ON x.id = r.order_item_id WHERE x.order_id = ${orders[0].id}) AS reserved
      FROM outbound_order_items i WHERE i.order_id = ${orders[0].id}`.execute(h.db);
    expect(rows[0].reserved).toBe(rows[0].ordered);
    expect(rows[0].ordered).toBe(17);
  });

  it('keeps one damaged headphone in the blocked Sperrlager: moved there by a relocation, shown as gesperrt, not available', async () => {
    const room = await h.db.selectFrom('rooms').select(['name', 'is_blocked']).where('room_code', '=', 'S1').executeTakeFirstOrThrow();
    expect(room).toEqual({ name: 'Sperrlager', is_blocked: true });
    const moves = await h.db
      .selectFrom('stock_movements as m')
      .innerJoin('locations as l', 'l.id', 'm.location_id')
      .select(['l.barcode', 'm.quantity', 'm.relocation_id'])
      .where('m.movement_type', '=', 'relocation')
      .orderBy('m.quantity')
      .execute();
    expect(moves.map((m) => [m.barcode, m.quantity])).toEqual([
      ['A-03-01', -1],
      ['S-01-01', 1],
    ]);
    expect(moves[0].relocation_id).toBe(moves[1].relocation_id);
    const manager = await h.db.selectFrom('users').select('id').where('role', '=', 'warehouse_manager').executeTakeFirstOrThrow();
    const actor = await loadActor(h.db, manager.id);
    const schmidt = await h.db.selectFrom('customers').select('id').where('company_name', '=', CUSTOMERS[1]).executeTakeFirstOrThrow();
    const items = await myStock(h.db, actor!, schmidt.id);
    const headphones = items.find((i) => i.title === 'Bluetooth-Kopfhörer');
    expect(headphones?.blocked_quantity).toBe(1);
    expect(headphones?.locations.find((l) => l.location_path.includes('S-01-01'))?.blocked_quantity).toBe(1);
  });

  it('has an announced return (Müller) and a received one (Schmidt: one unit restocked, one quarantined in the Sperrlager)', async () => {
    const rows = await h.db
      .selectFrom('returns as r')
      .innerJoin('customers as c', 'c.id', 'r.customer_id')
      .select(['c.company_name', 'r.status', 'r.return_number'])
      .orderBy('r.id')
      .execute();
    expect(rows.map((r) => [r.company_name, r.status])).toEqual([
      [CUSTOMERS[0], 'announced'],
      [CUSTOMERS[1], 'received'],
    ]);
    const moves = await h.db
      .selectFrom('stock_movements as m')
      .innerJoin('locations as l', 'l.id', 'm.location_id')
      .select(['l.barcode', 'm.quantity'])
      .where('m.movement_type', '=', 'return')
      .orderBy('m.id')
      .execute();
    expect(moves).toEqual([
      { barcode: 'B-01-01', quantity: 1 },
      { barcode: 'S-01-02', quantity: 1 },
    ]);
    expect(await ledgerMismatches(h.db)).toEqual([]);
  });

  it('has one blind stocktake counting over three places of rack C, frozen, one place counted by the worker', async () => {
    const st = await h.db.selectFrom('stocktakes').select(['id', 'name', 'status', 'blind', 'number']).execute();
    expect(st).toEqual([
      { id: expect.any(Number), name: STOCKTAKE_DEMO.name, status: 'counting', blind: true, number: expect.stringMatching(/^INV-\d{4}-0001$/) },
    ]);
    const manager = await h.db.selectFrom('users').select('id').where('role', '=', 'warehouse_manager').executeTakeFirstOrThrow();
    const detail = await getStocktake(h.db, (await loadActor(h.db, manager.id))!, st[0].id);
    expect(detail.places.map((p) => [p.location_barcode, p.done, p.lines.map((l) => [l.expected, l.counted])])).toEqual([
      ['C-01-04', false, []],
      ['C-02-01', false, [[24, null]]],
      ['C-02-02', true, [[8, 7]]],
    ]);
    // Frozen: no booking on these places until the stocktake is booked or cancelled.
    const open = await h.db.selectFrom('stocktake_places').select('open').where('stocktake_id', '=', st[0].id).execute();
    expect(open.every((p) => p.open)).toBe(true);
    expect(STOCKTAKE_DEMO.places).toEqual(detail.places.map((p) => p.location_barcode));
  });
  it('has rate cards for both customers and one final invoice of Müller over the past six days, with the seller data', async () => {
    const rates = await h.db.selectFrom('customer_rates').select(['customer_id']).execute();
    expect(new Set(rates.map((r) => r.customer_id)).size).toBe(2);
    const invoices = await h.db
      .selectFrom('invoices as i')
      .innerJoin('customers as c', 'c.id', 'i.customer_id')
      .select(['c.customer_number', 'i.status', 'i.number', 'i.period_from', 'i.period_to', 'i.net_cents', 'i.seller'])
      .execute();
    expect(invoices).toHaveLength(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(invoices[0]).toMatchObject({
      customer_number: 'K-10001',
      status: 'final',
      number: expect.stringMatching(/^RE-\d{4}-00001$/),
      period_from: day(-6),
      period_to: day(-1),
    });
    expect(invoices[0].net_cents).toBeGreaterThan(0);
    expect(invoices[0].seller).toMatchObject({ name: DEMO_SELLER.company_name, vat_id: DEMO_SELLER.vat_id, iban: DEMO_SELLER.iban });
  });
});
