import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/index';
import { auth, buildCustomer, buildPlacedCompartments, buildProduct, buildUser } from '../../helpers/factories';

/** A small warehouse: one customer, one worker, one product, places in "Halle / Raum". */
export async function buildWorld(db: Db, app: FastifyInstance, places = 3) {
  const customer = await buildCustomer(db);
  const worker = await buildUser(db, 'warehouse_worker');
  const product = await buildProduct(db);
  const { compartments, building, room } = await buildPlacedCompartments(db, places);
  return { customer, worker, product, compartments, building, room, headers: auth(app, worker) };
}

export async function stockOf(db: Db, productId: number, locationId: number): Promise<number> {
  const rows = await db.selectFrom('stock').select('quantity').where('product_id', '=', productId).where('location_id', '=', locationId).execute();
  return rows.reduce((s, r) => s + r.quantity, 0);
}
