import type { TestApp } from '../../helpers/app';
import { auth, buildPlacedCompartments, buildUser } from '../../helpers/factories';
import { api } from '../outbound-orders/world';
import { buildPickWorld } from '../picking/world';

/**
 * Stocktake test world: the picking world (customer, worker, products) with
 * three placed compartments a, b, c in one room, and a manager, an admin and
 * a customer user of the world's customer.
 */
export async function buildStocktakeWorld(t: TestApp) {
  const w = await buildPickWorld(t);
  const placed = await buildPlacedCompartments(t.db, 3);
  const [a, b, c] = placed.compartments.map((p) => ({ id: p.id, barcode: p.barcode as string, rack_id: p.rack_id as number }));
  const manager = await buildUser(t.db, 'warehouse_manager');
  const admin = await buildUser(t.db, 'admin');
  const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
  const h = { ...w.h, manager: auth(t.app, manager), admin: auth(t.app, admin), customer: auth(t.app, customerUser) };
  const create = (body: object, headers = h.manager) => api(t).post('/api/stocktakes', headers, { name: 'Inventur Regal', ...body });
  const count = (id: number, body: object, headers = h.worker) => api(t).post(`/api/stocktakes/${id}/counts`, headers, body);
  const done = (id: number, barcode: string, headers = h.worker) => api(t).post(`/api/stocktakes/${id}/places/${encodeURIComponent(barcode)}/done`, headers);
  const book = (id: number, headers: Record<string, string> = h.manager) => api(t).post(`/api/stocktakes/${id}/book`, headers);
  const cancel = (id: number, headers: Record<string, string> = h.manager) => api(t).post(`/api/stocktakes/${id}/cancel`, headers);
  const detail = (id: number, headers: Record<string, string> = h.manager) => api(t).get(`/api/stocktakes/${id}`, headers);
  return { w, placed, a, b, c, manager, admin, h, create, count, done, book, cancel, detail };
}
export type StocktakeWorld = Awaited<ReturnType<typeof buildStocktakeWorld>>;
