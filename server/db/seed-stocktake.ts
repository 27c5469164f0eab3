import { loadActor } from '../auth/users';
import { countStock, placeDone } from '../features/stocktakes/counts';
import { createStocktake } from '../features/stocktakes/service';
import type { Trx } from './index';
import { demoEan } from './seed-data';

/** The places of the demo stocktake: rack C's empty C-01-04 and Müller's hand soap and yoga mats on level 02. */
export const STOCKTAKE_DEMO = {
  name: 'Stichprobe Regal C',
  places: ['C-01-04', 'C-02-01', 'C-02-02'],
  /** The place the worker has counted already: 7 yoga mats where 8 were expected. */
  counted: { barcode: 'C-02-02', productIndex: 12, quantity: 7 },
} as const;

/**
 * The demo stocktake (docs/demo-data.md, docs/operations.md "Stocktake"): a
 * blind count over three places of rack C, created by the warehouse manager
 * through the service (so the places are frozen and the expected quantities
 * taken as in the app), one place counted and closed by the worker. It stays
 * counting: the review shows 1/3 places and, to the manager, one difference.
 * The places are ones no other demo part and no end-to-end test books on
 * (those use racks A, B, K, C-01-01 to C-01-03 and C-01-05, C-02-03 to C-02-05),
 * and it is created last, after every other part has booked its stock.
 */
export async function seedStocktakeDemo(trx: Trx, ids: { managerId: number; workerId: number }): Promise<void> {
  const manager = await loadActor(trx, ids.managerId);
  const worker = await loadActor(trx, ids.workerId);
  if (!manager || !worker) throw new Error('demo users missing');
  const places = await trx
    .selectFrom('locations')
    .select('id')
    .where('barcode', 'in', [...STOCKTAKE_DEMO.places])
    .orderBy('barcode')
    .execute();
  const st = await createStocktake(trx, manager, { name: STOCKTAKE_DEMO.name, location_ids: places.map((p) => p.id), blind: true });
  const { barcode, productIndex, quantity } = STOCKTAKE_DEMO.counted;
  await countStock(trx, worker, st.id, { location_barcode: barcode, ean: demoEan(productIndex), quantity, batch_number: null });
  await placeDone(trx, worker, st.id, barcode);
}
