import { hasAccess, isAdmin, isCustomerUser, isManagerOrAdmin, isStaff, type RoleSubject } from '../../shared/domain/roles';
import { routeDef } from '../routes';
import { PLACE_NAMES, UI } from '../../shared/i18n/ui';
import { RELOCATION_TEXTS } from '../../shared/i18n/relocation';

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

export function menuFor(user: RoleSubject): MenuGroup[] {
  const groups: MenuGroup[] = [];
  if (isCustomerUser(user)) {
    groups.push({
      label: 'Meine Daten',
      items: [
        { label: 'Mein Bestand', to: '/my-stock' },
        { label: UI.outboundOrders, to: '/outbound-orders' },
        { label: 'Avisierungen', to: '/notifications' },
      ],
    });
  } else if (isStaff(user)) {
    groups.push({ label: PLACE_NAMES.waveBuilder, direct: true, items: [{ label: PLACE_NAMES.waveBuilder, to: '/warehouse/wave-builder' }] });
    groups.push({ label: PLACE_NAMES.packing, direct: true, items: [{ label: PLACE_NAMES.packing, to: '/warehouse/packing' }] });
    if (isManagerOrAdmin(user)) {
      groups.push({ label: 'Spedition', direct: true, items: [{ label: 'Spedition', to: '/freight-quotations' }] });
    }
    groups.push({
      label: 'Lager',
      items: [
        { label: 'Einlagern', to: '/inbound' },
        { label: 'Auslagern', to: '/outbound' },
        { label: RELOCATION_TEXTS.title, to: '/relocate' },
        { label: PLACE_NAMES.picking, to: '/warehouse/picking' },
        { label: UI.outboundOrders, to: '/warehouse/outbound' },
        { label: 'Bestand', to: '/inventory' },
        { label: 'Suche', to: '/search' },
        { label: 'Avisierungen', to: '/notifications' },
        { label: 'Produkte (VE)', to: '/products' },
        { label: 'Synchronisierung', to: '/sync' },
      ],
    });
  }
  if (isAdmin(user)) {
    groups.push({
      label: 'Administration',
      items: [
        { label: UI.locations, to: '/locations' },
        { label: 'Historie', to: '/movements' },
        { label: 'Statusprotokolle', to: '/status-logs' },
        { label: 'Kunden', to: '/customers' },
        { label: 'Gebäude', to: '/buildings' },
        { label: 'Paletten', to: '/pallets' },
        { label: 'Einweg-Barcodes', to: '/disposable-pallet-barcodes' },
        { label: 'Benutzer', to: '/users' },
        { label: 'Kundenzugriff', to: '/user-management' },
        { label: 'Einstellungen', to: '/settings' },
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
