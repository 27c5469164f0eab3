import { type ComponentType, lazy } from 'react';
import type { AccessLevel } from '../shared/domain/roles';

/**
 * THE route registry: one line per screen. Paths use TanStack Router syntax
 * ($param). Menus show an entry only when its path is registered here.
 */
export interface AppRouteDef {
  path: string;
  access: Exclude<AccessLevel, 'public'>;
  component: ComponentType;
}

/** Lazy screen from a named export, so each screen is its own chunk. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const appRoutes: AppRouteDef[] = [
  { path: '/', access: 'user', component: screen(() => import('./features/dashboard/DashboardScreen'), 'DashboardScreen') },
  { path: '/profile', access: 'user', component: screen(() => import('./features/profile/ProfileScreen'), 'ProfileScreen') },
  // -- registry: add new screens below this line --
  { path: '/users', access: 'admin', component: screen(() => import('./features/users/UsersScreen'), 'UsersScreen') },
  { path: '/customers', access: 'admin', component: screen(() => import('./features/customers/CustomersScreen'), 'CustomersScreen') },
  { path: '/user-management', access: 'admin', component: screen(() => import('./features/user-management/UserManagementScreen'), 'UserManagementScreen') },
  { path: '/inbound', access: 'warehouse', component: screen(() => import('./features/stock/InboundScreen'), 'InboundScreen') },
  { path: '/outbound', access: 'warehouse', component: screen(() => import('./features/stock/OutboundScreen'), 'OutboundScreen') },
  { path: '/relocate', access: 'warehouse', component: screen(() => import('./features/relocation/RelocateScreen'), 'RelocateScreen') },
  { path: '/stocktake-count', access: 'warehouse', component: screen(() => import('./features/stocktakes/StocktakeCountScreen'), 'StocktakeCountScreen') },
  { path: '/search', access: 'warehouse', component: screen(() => import('./features/stock/SearchScreen'), 'SearchScreen') },
  { path: '/movements', access: 'warehouse', component: screen(() => import('./features/stock/MovementsScreen'), 'MovementsScreen') },
  { path: '/sync', access: 'warehouse', component: screen(() => import('./features/sync/SyncScreen'), 'SyncScreen') },
  { path: '/buildings', access: 'admin', component: screen(() => import('./features/buildings/BuildingsScreen'), 'BuildingsScreen') },
  { path: '/locations', access: 'warehouse', component: screen(() => import('./features/locations/LocationsScreen'), 'LocationsScreen') },
  { path: '/products', access: 'admin', component: screen(() => import('./features/products/ProductsScreen'), 'ProductsScreen') },
  { path: '/settings', access: 'admin', component: screen(() => import('./features/settings/SettingsScreen'), 'SettingsScreen') },
  { path: '/notifications', access: 'user', component: screen(() => import('./features/inbound-notifications/NotificationsScreen'), 'NotificationsScreen') },
  { path: '/inventory', access: 'warehouse', component: screen(() => import('./features/inventory/InventoryScreen'), 'InventoryScreen') },
  { path: '/warehouse/inventory', access: 'warehouse', component: screen(() => import('./features/inventory/InventoryScreen'), 'InventoryScreen') },
  { path: '/my-stock', access: 'user', component: screen(() => import('./features/inventory/MyStockScreen'), 'MyStockScreen') },
  {
    path: '/warehouse/products/$productId',
    access: 'warehouse',
    component: screen(() => import('./features/inventory/ProductDetailScreen'), 'ProductDetailScreen'),
  },
  { path: '/outbound-orders', access: 'user', component: screen(() => import('./features/outbound-orders/OutboundOrdersScreen'), 'OutboundOrdersScreen') },
  { path: '/outbound-orders/$orderId', access: 'user', component: screen(() => import('./features/outbound-orders/OrderDetailScreen'), 'OrderDetailScreen') },
  {
    path: '/warehouse/outbound',
    access: 'warehouse',
    component: screen(() => import('./features/outbound-orders/WarehouseOutboundScreen'), 'WarehouseOutboundScreen'),
  },
  { path: '/returns', access: 'user', component: screen(() => import('./features/returns/ReturnsScreen'), 'ReturnsScreen') },
  { path: '/returns-receive', access: 'warehouse', component: screen(() => import('./features/returns/ReturnReceiveScreen'), 'ReturnReceiveScreen') },
  { path: '/my-api-keys', access: 'user', component: screen(() => import('./features/api-keys/ApiKeysScreen'), 'ApiKeysScreen') },
  { path: '/returns/$returnId', access: 'user', component: screen(() => import('./features/returns/ReturnDetailScreen'), 'ReturnDetailScreen') },
  { path: '/stocktakes', access: 'warehouse', component: screen(() => import('./features/stocktakes/StocktakesScreen'), 'StocktakesScreen') },
  {
    path: '/stocktakes/$stocktakeId',
    access: 'warehouse',
    component: screen(() => import('./features/stocktakes/StocktakeDetailScreen'), 'StocktakeDetailScreen'),
  },
  { path: '/warehouse/picking', access: 'warehouse', component: screen(() => import('./features/picking/PickingScreen'), 'PickingScreen') },
  { path: '/warehouse/packing', access: 'warehouse', component: screen(() => import('./features/packing/PackingScreen'), 'PackingScreen') },
  { path: '/warehouse/wave-builder', access: 'warehouse', component: screen(() => import('./features/waves/WaveBuilderScreen'), 'WaveBuilderScreen') },
  {
    path: '/freight-quotations',
    access: 'warehouse',
    component: screen(() => import('./features/freight/FreightQuotationsScreen'), 'FreightQuotationsScreen'),
  },
  { path: '/status-logs', access: 'admin', component: screen(() => import('./features/status-logs/StatusLogsScreen'), 'StatusLogsScreen') },
  { path: '/pallets', access: 'admin', component: screen(() => import('./features/pallets/PalletsScreen'), 'PalletsScreen') },
  {
    path: '/disposable-pallet-barcodes',
    access: 'admin',
    component: screen(() => import('./features/pallets/DisposableBarcodesScreen'), 'DisposableBarcodesScreen'),
  },
  { path: '/billing', access: 'admin', component: screen(() => import('./features/billing/BillingScreen'), 'BillingScreen') },
  {
    path: '/billing/invoices/$invoiceId',
    access: 'admin',
    component: screen(() => import('./features/billing/InvoiceDetailScreen'), 'InvoiceDetailScreen'),
  },
  { path: '/my-invoices', access: 'user', component: screen(() => import('./features/billing/MyInvoicesScreen'), 'MyInvoicesScreen') },
];

export function routeDef(path: string): AppRouteDef | undefined {
  return appRoutes.find((r) => r.path === path);
}
