import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InventoryOverview,
  InventoryOverviewQuery,
  MyStockList,
  MyStockPage,
  MyStockQuery,
  ProductDetail,
  ProductIdParams,
} from '../../../shared/schemas/inventory';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { inventoryOverview } from './overview';
import { myStock, myStockPage } from './my-stock';
import { productDetails } from './service';

/** Stock views (spec part 2 §7 "Stock"): staff overview and product detail, everyone's own stock. */
export const inventoryRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get(
    '/dashboard/inventory-overview',
    { config: { access: 'warehouse' }, schema: { querystring: InventoryOverviewQuery, response: { 200: InventoryOverview } } },
    async (req) => inventoryOverview(db, actorOf(req), req.query),
  );

  // Whole, or one page with limit / after_product_id (docs/operations.md "Stock views").
  app.get(
    '/inventory/my-stock',
    { config: { access: 'user' }, schema: { querystring: MyStockQuery, response: { 200: z.union([MyStockList, MyStockPage]) } } },
    async (req) =>
      req.query.limit === undefined && req.query.after_product_id === undefined
        ? myStock(db, actorOf(req), req.query.customer_id)
        : myStockPage(db, actorOf(req), req.query),
  );

  app.get(
    '/inventory/products/:productId/details',
    { config: { access: 'warehouse' }, schema: { params: ProductIdParams, response: { 200: ProductDetail } } },
    async (req) => productDetails(db, actorOf(req), req.params.productId),
  );
};
