import { type Selectable, sql } from 'kysely';
import { addDays, warehouseDayHour, warehouseTime } from '../../shared/domain/warehouse-time';
import { writeStatusLog, type StatusLogInput } from '../features/status-logs/writer';
import type { Trx } from './index';
import type { StockTable } from './schema';

/**
 * A believable past week on the floor for the staff dashboard
 * (docs/demo-data.md): completed waves with their picks in the ledger, pick and packing
 * discrepancies, packed, labelled and shipped parcels, written through the one
 * status-log writer and back-dated. The week's orders are archive history not
 * kept as order rows, so their events name the recipient instead of an order.
 * Ledger: each picked stock row gets one goods receipt of exactly the week's
 * picks before the week, so every stock quantity stays what it was. The
 * history's ledger rows carry no user: the demo logins' own movement lists
 * stay what they book themselves (tests/e2e/picking.test.ts counts them).
 */

type Person = { id: number; username: string; full_name: string | null };
type StockRow = Pick<Selectable<StockTable>, 'id' | 'product_id' | 'customer_id' | 'location_id' | 'batch_number' | 'expiry_date'>;

const RECIPIENTS: Record<string, string[]> = {
  'K-10001': ['Bioladen Sonnenblume', 'Reformhaus Keller', 'Café Lindenblatt', 'Hofladen Brandt', 'Naturkost Weber', 'Unverpackt Lena'],
  'K-10002': ['Technikmarkt Hahn', 'IT-Service Nowak', 'Elektro Bauer', 'Computerhaus Wendt', 'Büro Fischer', 'Funkhaus Yildiz'],
};

/** Deterministic pseudo-random numbers (mulberry32): the same week on every fresh start. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}

const addMinutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

/** The ledger key of a stock row (what ledgerMismatches sums by). */
const placeOf = (row: StockRow) => ({
  stock_id: row.id,
  product_id: row.product_id,
  customer_id: row.customer_id,
  location_id: row.location_id,
  batch_number: row.batch_number,
  expiry_date: row.expiry_date,
});

async function logAt(trx: Trx, actor: Person, at: Date, event: StatusLogInput): Promise<void> {
  const id = await writeStatusLog(trx, actor, { ...event, event_data: { ...event.event_data, demo_history: true } });
  await trx.updateTable('status_logs').set({ created_at: at }).where('id', '=', id).execute();
}

interface WeekContext {
  trx: Trx;
  now: Date;
  r: ReturnType<typeof rng>;
  manager: Person;
  worker: Person;
  stockByCustomer: Map<number, StockRow[]>;
  customers: Array<{ id: number; customer_number: string }>;
  picked: Map<number, number>;
  waves: number;
  parcels: number;
  firstDay: string;
}

/** One wave of 2–4 orders: plan, picks (ledger), completion, then packing and shipping of each order. */
async function demoWave(ctx: WeekContext, day: string, start: Date, customer: { id: number; customer_number: string }): Promise<void> {
  const { trx, r, manager, worker, now } = ctx;
  const created = addMinutes(start, -r.int(15, 40));
  const completed = addMinutes(start, r.int(35, 70));
  if (completed > now) return;
  const orderCount = r.int(2, 4);
  const recipients = Array.from({ length: orderCount }, () => r.pick(RECIPIENTS[customer.customer_number] ?? ['Kunde']));
  const method = r.pick(['suggestion', 'suggestion', 'manual'] as const);
  const wave = await trx
    .insertInto('picking_waves')
    .values({
      wave_number: sql<string>`'W-' || to_char(${created}::timestamptz, 'YYYY') || '-' || lpad(nextval('wave_number_seq')::text, 6, '0')`,
      name: `Tour ${day.slice(8, 10)}.${day.slice(5, 7)}. ${customer.customer_number}`,
      status: 'completed',
      creation_method: method,
      pallet_barcode: `PAL-00${r.int(1, 5)}`,
      picker_user_id: worker.id,
      created_by: manager.id,
      created_at: created,
      updated_at: completed,
      started_at: start,
      picking_started_at: start,
      completed_at: completed,
    })
    .returning(['id', 'wave_number'])
    .executeTakeFirstOrThrow();
  await logAt(trx, manager, created, {
    event_type: 'wave_created',
    new_status: 'draft',
    wave_id: wave.id,
    description: `Welle ${wave.wave_number} mit ${orderCount} Aufträgen angelegt`,
    event_data: { wave_number: wave.wave_number, creation_method: method, recipients },
  });

  const rows = ctx.stockByCustomer.get(customer.id) ?? [];
  let picked = 0;
  let ordered = 0;
  const picks = rows.length === 0 ? 0 : orderCount * r.int(2, 4);
  for (let i = 0; i < picks; i++) {
    const row = r.pick(rows);
    const qty = r.int(1, 6);
    const at = addMinutes(start, Math.floor(((i + 1) / (picks + 1)) * ((completed.getTime() - start.getTime()) / 60_000)));
    await trx
      .insertInto('stock_movements')
      .values({
        ...placeOf(row),
        movement_type: 'order_pick',
        quantity: -qty,
        user_id: null,
        notes: `Welle ${wave.wave_number} (Demo-Historie)`,
        created_at: at,
      })
      .execute();
    ctx.picked.set(row.id, (ctx.picked.get(row.id) ?? 0) + qty);
    picked += qty;
    ordered += qty;
  }
  // Every fifth wave ends with a line picked short, every thirteenth parcel had a counting difference.
  if (ctx.waves++ % 5 === 2) {
    const missing = r.int(1, 2);
    ordered += missing;
    const recipient = r.pick(recipients);
    await logAt(trx, worker, completed, {
      event_type: 'pick_discrepancy',
      wave_id: wave.id,
      description: `Lieferung an ${recipient}: Fehlmenge ${missing} Stück am Lagerplatz`,
      event_data: { source: 'wave_complete', recipient, missing_quantity: missing },
    });
  }
  await logAt(trx, worker, completed, {
    event_type: 'wave_completed',
    old_status: 'picking',
    new_status: 'completed',
    wave_id: wave.id,
    description: `Welle ${wave.wave_number} abgeschlossen: ${picked} von ${ordered} Stück kommissioniert`,
    event_data: { wave_number: wave.wave_number, picked_quantity: picked, quantity_ordered: ordered },
  });

  for (const [i, recipient] of recipients.entries())
    await demoParcel(ctx, day, addMinutes(completed, r.int(20, 60) + i * 7), recipient, customer.customer_number);
}

/** Packing at the station, the DHL label, and the carrier's pickup at 16:00 (next day when packed late). */
async function demoParcel(ctx: WeekContext, day: string, packed: Date, recipient: string, customerNumber: string): Promise<void> {
  const { trx, r, worker, now } = ctx;
  if (packed > now) return;
  const data = { recipient, customer_number: customerNumber };
  if (ctx.parcels++ % 13 === 5) {
    await logAt(trx, worker, packed, {
      event_type: 'item_discrepancy',
      description: `Lieferung an ${recipient}: 1 Artikel mehr gescannt als kommissioniert`,
      event_data: { ...data, expected: 4, scanned: 5 },
    });
  }
  const parcels = r.int(1, 2);
  await logAt(trx, worker, packed, {
    event_type: 'order_packed',
    old_status: 'picking',
    new_status: 'packed',
    description: `Lieferung an ${recipient} gepackt (${parcels} ${parcels === 1 ? 'Paket' : 'Pakete'})`,
    event_data: { ...data, parcels },
  });
  const tracking = `00340434${String(r.int(100000, 999999))}${String(r.int(100000, 999999))}`;
  await logAt(trx, worker, addMinutes(packed, 1), {
    event_type: 'label_generated',
    tracking_number: tracking,
    carrier: 'DHL',
    description: `DHL-Label für ${recipient} erstellt`,
    event_data: { ...data, parcels },
  });
  const pickupDay = packed < warehouseTime(day, 15 * 60 + 30) ? day : addDays(day, 1);
  const shipped = warehouseTime(pickupDay, 16 * 60 + r.int(0, 20));
  if (shipped > now) return;
  await logAt(trx, worker, shipped, {
    event_type: 'order_shipped',
    old_status: 'packed',
    new_status: 'shipped',
    tracking_number: tracking,
    carrier: 'DHL',
    description: `Lieferung an ${recipient} an DHL übergeben`,
    event_data: data,
  });
}

/** The past six days and today up to now: 4–6 waves on weekdays, 2 on Saturday, none on Sunday. */
export async function seedEventHistory(trx: Trx, now: Date = new Date()): Promise<void> {
  const person = (role: 'warehouse_manager' | 'warehouse_worker') =>
    trx.selectFrom('users').select(['id', 'username', 'full_name']).where('role', '=', role).orderBy('id').executeTakeFirst();
  const manager = await person('warehouse_manager');
  const worker = await person('warehouse_worker');
  if (!manager || !worker) return;
  const customers = await trx.selectFrom('customers').select(['id', 'customer_number']).orderBy('id').execute();
  const stock = await trx.selectFrom('stock').select(['id', 'product_id', 'customer_id', 'location_id', 'batch_number', 'expiry_date']).orderBy('id').execute();
  const stockByCustomer = new Map<number, StockRow[]>();
  for (const s of stock) stockByCustomer.set(s.customer_id, [...(stockByCustomer.get(s.customer_id) ?? []), s]);
  const today = warehouseDayHour(now).day;
  const ctx: WeekContext = {
    trx,
    now,
    r: rng(20261124),
    manager,
    worker,
    stockByCustomer,
    customers,
    picked: new Map(),
    waves: 0,
    parcels: 0,
    firstDay: addDays(today, -6),
  };

  for (let back = 6; back >= 0; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const waves = weekday === 0 ? 0 : weekday === 6 ? 2 : ctx.r.int(4, 6);
    for (let i = 0; i < waves; i++) {
      await demoWave(ctx, day, warehouseTime(day, 6 * 60 + 30 + i * 95 + ctx.r.int(0, 20)), customers[i % customers.length]);
    }
  }
  // The goods picked this week arrived before it: one receipt per stock row, so stock equals its ledger.
  const receipt = warehouseTime(addDays(ctx.firstDay, -1), 7 * 60);
  for (const row of stock) {
    const qty = ctx.picked.get(row.id);
    if (!qty) continue;
    await trx
      .insertInto('stock_movements')
      .values({ ...placeOf(row), movement_type: 'inbound', quantity: qty, user_id: null, notes: 'Wareneingang (Demo-Historie)', created_at: receipt })
      .execute();
  }
}
