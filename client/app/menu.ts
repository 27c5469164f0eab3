import { hasAccess, isAdmin, isCustomerUser, isManagerOrAdmin, isStaff, type RoleSubject } from '../../shared/domain/roles';
import { routeDef } from '../routes';
import { MENU } from '../../shared/i18n/menu';
import { texts } from '../../shared/i18n/translate';

/** Navigation as part 1 §2 lists it. Entries appear only when their screen exists. */
export interface MenuLink {
  label: string;
  to: string;
}
export interface MenuGroup {
  label: string;
  /** A top-level link when there is exactly one entry and no label for the group. */
  items: MenuLink[];
  direct?: boolean;
}

/** Built when the shell draws, in the language in use. */
export function menuFor(user: RoleSubject): MenuGroup[] {
  const M = texts(MENU);
  const groups: MenuGroup[] = [];
  if (isCustomerUser(user)) {
    groups.push({
      label: M.myData,
      items: [
        { label: M.myStock, to: '/my-stock' },
        { label: M.outboundOrders, to: '/outbound-orders' },
        { label: M.notifications, to: '/notifications' },
        { label: M.returns, to: '/returns' },
        { label: M.apiKeys, to: '/my-api-keys' },
        { label: M.myInvoices, to: '/my-invoices' },
      ],
    });
  } else if (isStaff(user)) {
    groups.push({ label: M.waveBuilder, direct: true, items: [{ label: M.waveBuilder, to: '/warehouse/wave-builder' }] });
    groups.push({ label: M.packing, direct: true, items: [{ label: M.packing, to: '/warehouse/packing' }] });
    if (isManagerOrAdmin(user)) {
      groups.push({ label: M.freight, direct: true, items: [{ label: M.freight, to: '/freight-quotations' }] });
    }
    groups.push({
      label: M.warehouse,
      items: [
        { label: M.inbound, to: '/inbound' },
        { label: M.outbound, to: '/outbound' },
        { label: M.relocate, to: '/relocate' },
        { label: M.picking, to: '/warehouse/picking' },
        { label: M.outboundOrders, to: '/warehouse/outbound' },
        { label: M.returns, to: '/returns' },
        { label: M.returnsReceive, to: '/returns-receive' },
        { label: M.stock, to: '/inventory' },
        { label: M.stocktakes, to: '/stocktakes' },
        { label: M.stocktakeCount, to: '/stocktake-count' },
        { label: M.search, to: '/search' },
        { label: M.notifications, to: '/notifications' },
        { label: M.products, to: '/products' },
        { label: M.sync, to: '/sync' },
      ],
    });
  }
  if (isAdmin(user)) {
    groups.push({
      label: M.administration,
      items: [
        { label: M.locations, to: '/locations' },
        { label: M.history, to: '/movements' },
        { label: M.statusLogs, to: '/status-logs' },
        { label: M.customers, to: '/customers' },
        { label: M.billing, to: '/billing' },
        { label: M.buildings, to: '/buildings' },
        { label: M.pallets, to: '/pallets' },
        { label: M.disposableBarcodes, to: '/disposable-pallet-barcodes' },
        { label: M.users, to: '/users' },
        { label: M.customerAccess, to: '/user-management' },
        { label: M.settings, to: '/settings' },
      ],
    });
  }
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => {
        const def = routeDef(i.to);
        return def !== undefined && hasAccess(user, def.access);
      }),
    }))
    .filter((g) => g.items.length > 0);
}
