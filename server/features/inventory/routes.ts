import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerFilterQuery, InventoryOverview, InventoryOverviewQuery, MyStockList, ProductDetail, ProductIdParams } from '../../../shared/schemas/inventory';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { inventoryOverview } from './overview';
import { myStock, productDetails } from './service';

/** Stock views (spec part 2 §7 "Stock"): staff overview and product detail, everyone's own stock. */
export const inventoryRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get(
    '/dashboard/inventory-overview',
    { config: { access: 'warehouse' }, schema: { querystring: InventoryOverviewQuery, response: { 200: InventoryOverview } } },
    async (req) => inventoryOverview(db, actorOf(req), req.query),
  );

  app.get('/inventory/my-stock', { config: { access: 'user' }, schema: { querystring: CustomerFilterQuery, response: { 200: MyStockList } } }, async (req) =>
    myStock(db, actorOf(req), req.query.customer_id),
  );

  app.get(
    '/inventory/products/:productId/details',
    { config: { access: 'warehouse' }, schema: { params: ProductIdParams, response: { 200: ProductDetail } } },
    async (req) => productDetails(db, actorOf(req), req.params.productId),
  );
};
