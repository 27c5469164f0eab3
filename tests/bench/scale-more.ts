import { STOCKTAKE_PAGE_SIZE } from '../../shared/constants';
import type { Db } from '../../server/db/index';
import type { TestApp } from '../helpers/app';
import { auth, buildUser } from '../helpers/factories';

/**
 * The scale bench's reads of the admin and customer screens (docs/performance.md "Scale"):
 * Mein Bestand of one customer in pages and whole, the products page at skip 5,000, a
 * stocktake's review (one rack) and an invoice draft. `measure` is scale.ts's.
 */

export type Req = { method: 'GET' | 'POST'; url: string; body?: object; headers?: Record<string, string> };
export type Measure = (label: string, goal: number, make: (i: number) => Req, n?: number) => Promise<void>;

const f = (n: number) => n.toLocaleString('de-DE');

export async function moreReads(t: TestApp, db: Db, measure: Measure, customerId: number, samples: number): Promise<void> {
  const customerUser = await buildUser(db, 'customer_user', { customer_id: customerId });
  const admin = await buildUser(db, 'admin');
  const asCustomer = auth(t.app, customerUser);
  const asAdmin = auth(t.app, admin);
  const own = await db
    .selectFrom('stock')
    .innerJoin('products', 'products.id', 'stock.product_id')
    .select(['products.id', 'products.title'])
    .where('stock.customer_id', '=', customerId)
    .where('stock.quantity', '>', 0)
    .distinct()
    .orderBy('products.title')
    .orderBy('products.id')
    .execute();
  const rows = await db
    .selectFrom('stock')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const label = `${f(Number(rows.n))} Zeilen`;
  await measure(`Mein Bestand, 1. Seite (${label})`, 100, () => ({ method: 'GET', url: '/inventory/my-stock?limit=50', headers: asCustomer }));
  await measure(`Mein Bestand, tiefe Seite (${label})`, 100, (i) => ({
    method: 'GET',
    url: `/inventory/my-stock?limit=50&after_product_id=${own[Math.floor(own.length / 2) + ((i * 37) % Math.max(1, own.length / 2 - 50))].id}`,
    headers: asCustomer,
  }));
  await measure(`Mein Bestand, Suche (${label})`, 100, (i) => ({
    method: 'GET',
    url: `/inventory/my-stock?limit=50&search=${encodeURIComponent(own[(i * 7919) % own.length].title.slice(0, 14))}`,
    headers: asCustomer,
  }));
  await measure(`Mein Bestand, ganz ohne Seiten (${label})`, 100, () => ({ method: 'GET', url: '/inventory/my-stock', headers: asCustomer }), 10);

  await measure('Produkte (Admin), skip 5.000', 100, (i) => ({ method: 'GET', url: `/products/?skip=${5000 + ((i * 20) % 400)}&limit=20`, headers: asAdmin }));

  // A stocktake over one rack (400 places), as the review screen reads it.
  // A random rack: a kept database (BENCH_SCALE_DB) may hold an open stocktake of an earlier run.
  const racks = await db.selectFrom('locations').select('id').where('kind', '=', 'rack').orderBy('id').execute();
  const rack = racks[Math.floor(Math.random() * racks.length)];
  const created = await t.app.inject({ method: 'POST', url: '/api/stocktakes', payload: { name: 'Bench', rack_ids: [rack.id] }, headers: asAdmin });
  if (created.statusCode !== 201) throw new Error(`stocktake → ${created.statusCode} ${created.body.slice(0, 200)}`);
  const stocktakeId = created.json().id as number;
  await measure(`Inventur prüfen, erste Seite (ein Regal, 400 Fächer, ${STOCKTAKE_PAGE_SIZE} je Seite)`, 100, () => ({
    method: 'GET',
    url: `/stocktakes/${stocktakeId}?limit=${STOCKTAKE_PAGE_SIZE}`,
    headers: asAdmin,
  }));
  await measure('Inventur prüfen, nur Differenzen', 100, () => ({
    method: 'GET',
    url: `/stocktakes/${stocktakeId}?limit=${STOCKTAKE_PAGE_SIZE}&only_differences=true`,
    headers: asAdmin,
  }));
  await measure('Inventur prüfen, ganz ohne Seiten', 100, () => ({ method: 'GET', url: `/stocktakes/${stocktakeId}`, headers: asAdmin }), 10);

  // An invoice draft of the customer over the last 30 days (writing it is timed once; the screen then reads it).
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const a = performance.now();
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: { customer_id: customerId, period_from: from, period_to: to },
    headers: asAdmin,
  });
  const draftMs = performance.now() - a;
  if (draft.statusCode !== 201) throw new Error(`invoice → ${draft.statusCode} ${draft.body.slice(0, 200)}`);
  console.log(`  Rechnungsentwurf anlegen (30 Tage, POST /invoices)   ${f(Math.round(draftMs))} ms (einmal)`);
  await measure('Rechnungsentwurf lesen', 100, () => ({ method: 'GET', url: `/invoices/${draft.json().id}`, headers: asAdmin }), samples);
}
