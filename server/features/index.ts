import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes';
import { invoiceRoutes } from './billing/invoice-routes';
import { billingRoutes } from './billing/routes';
import { healthRoutes } from './health/routes';
import { inboundNotificationRoutes } from './inbound-notifications/routes';
import { inventoryRoutes } from './inventory/routes';
import { productRoutes } from './products/routes';
import { relocationRoutes } from './relocation/routes';
import { returnRoutes } from './returns/routes';
import { stockAdjustmentRoutes } from './stock-adjustments/routes';
import { stockRoutes } from './stock/routes';
import { syncRoutes } from './sync/routes';
import { buildingRoutes } from './buildings/routes';
import { catalogRoutes } from './catalog/routes';
import { countryRoutes } from './countries/routes';
import { jobRoutes } from './jobs/routes';
import { locationRoutes } from './locations/routes';
import { settingsRoutes } from './settings/routes';
import { outboundOrderRoutes } from './outbound-orders/routes';
import { orderImportRoutes } from './order-import/routes';
import { freightRoutes } from './freight/routes';
import { packingRoutes } from './packing/routes';
import { palletRoutes } from './pallets/routes';
import { waveRoutes } from './waves/routes';
import { pickingRoutes } from './picking/routes';
import { userRoutes } from './users/routes';
import { customerRoutes } from './customers/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { webhookRoutes } from './webhooks/routes';
import { statusLogRoutes } from './status-logs/routes';
import { stocktakeRoutes } from './stocktakes/routes';
import { wavePlanningRoutes } from './waves/planning-routes';
import type { FeatureDeps } from './types';

/**
 * Every feature's routes, registered under /api in this order.
 * Add one line per feature folder.
 */
export const features: Array<{ name: string; routes: FastifyPluginAsyncZod<FeatureDeps> }> = [
  { name: 'health', routes: healthRoutes },
  { name: 'auth', routes: authRoutes },
  { name: 'inbound-notifications', routes: inboundNotificationRoutes },
  { name: 'inventory', routes: inventoryRoutes },
  { name: 'products', routes: productRoutes },
  { name: 'stock', routes: stockRoutes },
  { name: 'relocation', routes: relocationRoutes },
  { name: 'returns', routes: returnRoutes },
  { name: 'stock-adjustments', routes: stockAdjustmentRoutes },
  { name: 'sync', routes: syncRoutes },
  { name: 'buildings', routes: buildingRoutes },
  { name: 'locations', routes: locationRoutes },
  { name: 'catalog', routes: catalogRoutes },
  { name: 'jobs', routes: jobRoutes },
  { name: 'settings', routes: settingsRoutes },
  { name: 'countries', routes: countryRoutes },
  { name: 'users', routes: userRoutes },
  { name: 'customers', routes: customerRoutes },
  { name: 'api-keys', routes: apiKeyRoutes },
  { name: 'webhooks', routes: webhookRoutes },
  { name: 'outbound-orders', routes: outboundOrderRoutes },
  { name: 'order-import', routes: orderImportRoutes },
  { name: 'packing', routes: packingRoutes },
  { name: 'freight', routes: freightRoutes },
  { name: 'pallets', routes: palletRoutes },
  { name: 'wave-planning', routes: wavePlanningRoutes },
  { name: 'waves', routes: waveRoutes },
  { name: 'picking', routes: pickingRoutes },
  { name: 'status-logs', routes: statusLogRoutes },
  { name: 'stocktakes', routes: stocktakeRoutes },
  { name: 'billing', routes: billingRoutes },
  { name: 'invoices', routes: invoiceRoutes },
];
