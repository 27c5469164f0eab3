import { Link } from '@tanstack/react-router';
import {
  ArrowDownToLine,
  ArrowRightLeft,
  ArrowUpFromLine,
  Boxes,
  ClipboardCheck,
  ClipboardList,
  FileText,
  type LucideIcon,
  MapPin,
  Search,
  Truck,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { hasAccess, isCustomerUser } from '../../../shared/domain/roles';
import { useSession } from '../../app/auth';
import { routeDef } from '../../routes';
import { Card } from '../../ui/misc';
import { DASHBOARD_HOME_UI as T } from '../../../shared/i18n/dashboard';
import { RELOCATION_TEXTS } from '../../../shared/i18n/relocation';
import { STOCKTAKE_COUNT_UI } from '../../../shared/i18n/stocktake-count';
import { DashboardWidgets } from './DashboardWidgets';

interface Tile {
  to: string;
  label: string;
  text: string;
  icon: LucideIcon;
}

const CUSTOMER_TILES: Tile[] = [
  { to: '/my-stock', ...T.tiles.myStock, icon: Boxes },
  { to: '/outbound-orders', ...T.tiles.outboundOrders, icon: Truck },
  { to: '/notifications', ...T.tiles.announce, icon: FileText },
  { to: '/profile', ...T.tiles.profile, icon: UserRound },
];

const STAFF_TILES: Tile[] = [
  { to: '/notifications', ...T.tiles.notifications, icon: ClipboardList },
  { to: '/inbound', ...T.tiles.inbound, icon: ArrowDownToLine },
  { to: '/outbound', ...T.tiles.outbound, icon: ArrowUpFromLine },
  { to: '/relocate', label: RELOCATION_TEXTS.title, text: RELOCATION_TEXTS.tileText, icon: ArrowRightLeft },
  { to: '/stocktake-count', label: STOCKTAKE_COUNT_UI.title, text: STOCKTAKE_COUNT_UI.tileText, icon: ClipboardCheck },
  { to: '/locations', ...T.tiles.locations, icon: MapPin },
  { to: '/search', ...T.tiles.search, icon: Search },
];

export function DashboardView({ name, customer, tiles, widgets }: { name: string; customer: boolean; tiles: Tile[]; widgets?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{T.welcome(name)}</h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((t) => (
          <Link
            key={t.to}
            to={t.to}
            className="group flex min-h-24 items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow"
            data-testid={`tile-${t.to}`}
          >
            <t.icon className="h-8 w-8 shrink-0 text-brand-600" aria-hidden />
            <div>
              <div className="font-semibold text-slate-900 group-hover:text-brand-700">{t.label}</div>
              <div className="text-sm text-slate-600">{t.text}</div>
            </div>
          </Link>
        ))}
      </div>
      {widgets}
      <Card className="p-4">
        <h2 className="mb-2 font-semibold">{T.quickStart}</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {(customer ? T.customerTips : T.staffTips).map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

export function DashboardScreen() {
  const { user } = useSession();
  if (!user) return null;
  const customer = isCustomerUser(user);
  const tiles = (customer ? CUSTOMER_TILES : STAFF_TILES).filter((t) => {
    const def = routeDef(t.to);
    return def !== undefined && hasAccess(user, def.access);
  });
  // Staff only: customers get no analytics or alerts (spec part 1 "Dashboard").
  return <DashboardView name={user.full_name || user.username} customer={customer} tiles={tiles} widgets={customer ? undefined : <DashboardWidgets />} />;
}
