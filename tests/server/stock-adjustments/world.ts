import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/index';
import { auth, buildStock, buildUser } from '../../helpers/factories';
import { buildWorld } from '../stock/world';

/** A world with a warehouse manager and stock at the first place: 10 units (3 reserved), no batch. */
export async function adjustmentWorld(db: Db, app: FastifyInstance) {
  const w = await buildWorld(db, app);
  const manager = await buildUser(db, 'warehouse_manager');
  const [place, empty] = w.compartments;
  const s = await buildStock(db, { product_id: w.product.id, customer_id: w.customer.id, location_id: place.id, quantity: 10 });
  await db.updateTable('stock').set({ reserved_quantity: 3 }).where('id', '=', s.stock_id).execute();
  const body = { ean: w.product.ean, customer_id: w.customer.id, location_barcode: place.barcode };
  return { ...w, manager, place, empty, body, headers: auth(app, manager), workerHeaders: w.headers };
}

export async function stockRows(db: Db, productId: number) {
  return db
    .selectFrom('stock')
    .select(['location_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}
