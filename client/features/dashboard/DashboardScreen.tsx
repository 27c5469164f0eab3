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
  PackageOpen,
  Search,
  Truck,
  Undo2,
  UserRound,
} from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { RETURNS_WAITING_STATUS } from '../../../shared/domain/returns';
import { hasAccess, isCustomerUser } from '../../../shared/domain/roles';
import { formatNumber } from '../../../shared/i18n/format';
import { usePainted } from '../../app/after-paint';
import { useSession } from '../../app/auth';
import { SNAPSHOT_SKIP, saveStartSnapshot } from '../../app/start-snapshot';
import { routeDef } from '../../routes';
import { Card } from '../../ui/misc';
import { DASHBOARD_HOME_UI } from '../../../shared/i18n/dashboard';
import { texts } from '../../../shared/i18n/translate';
import { DashboardWidgets } from './DashboardWidgets';
import { useReturnsWaiting } from './useDashboardData';

interface Tile {
  to: string;
  search?: Record<string, string>;
  label: string;
  text: string;
  icon: LucideIcon;
  /** A figure shown on the tile (undefined while it loads). */
  count?: number;
  countLabel?: string;
}

/** The tiles in the language in use (docs/architecture.md "Languages"). */
const customerTiles = (): Tile[] => {
  const T = texts(DASHBOARD_HOME_UI);
  return [
    { to: '/my-stock', ...T.tiles.myStock, icon: Boxes },
    { to: '/outbound-orders', ...T.tiles.outboundOrders, icon: Truck },
    { to: '/notifications', ...T.tiles.announce, icon: FileText },
    { to: '/profile', ...T.tiles.profile, icon: UserRound },
  ];
};

const staffTiles = (): Tile[] => {
  const T = texts(DASHBOARD_HOME_UI);
  return [
    { to: '/notifications', ...T.tiles.notifications, icon: ClipboardList },
    { to: '/inbound', ...T.tiles.inbound, icon: ArrowDownToLine },
    { to: '/outbound', ...T.tiles.outbound, icon: ArrowUpFromLine },
    { to: '/relocate', ...T.tiles.relocate, icon: ArrowRightLeft },
    { to: '/returns-receive', ...T.tiles.returnsReceive, icon: PackageOpen },
    { to: '/stocktake-count', ...T.tiles.stocktakeCount, icon: ClipboardCheck },
    { to: '/locations', ...T.tiles.locations, icon: MapPin },
    { to: '/search', ...T.tiles.search, icon: Search },
  ];
};

/** The greeting and the tiles: the first two children, which the start screen's snapshot keeps (client/app/start-snapshot.ts). */
const SNAPSHOT_PARTS = 2;

export function DashboardView({
  name,
  customer,
  tiles,
  widgets,
  ref,
}: {
  name: string;
  customer: boolean;
  tiles: Tile[];
  widgets?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const T = texts(DASHBOARD_HOME_UI);
  return (
    <div className="flex flex-col gap-6" ref={ref}>
      <h1 className="text-2xl font-bold text-slate-900">{T.welcome(name)}</h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((t) => (
          <Link
            key={t.to}
            to={t.to}
            search={t.search}
            className="group flex min-h-24 items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow"
            data-testid={`tile-${t.to}`}
          >
            <t.icon className="h-8 w-8 shrink-0 text-brand-600" aria-hidden />
            <div>
              <div className="font-semibold text-slate-900 group-hover:text-brand-700">{t.label}</div>
              <div className="text-sm text-slate-600">{t.text}</div>
            </div>
            {t.count !== undefined ? (
              <span
                className={`ml-auto rounded-full px-2.5 py-0.5 text-lg font-bold tabular-nums ${t.count > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-600'}`}
                title={t.countLabel}
                data-testid="tile-count"
                data-count={t.count}
                {...{ [SNAPSHOT_SKIP]: '' }}
              >
                <span aria-hidden>{formatNumber(t.count)}</span>
                <span className="sr-only">{t.countLabel}</span>
              </span>
            ) : null}
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
  const painted = usePainted();
  const staff = user !== null && !isCustomerUser(user);
  const waiting = useReturnsWaiting(painted && staff);
  const view = useRef<HTMLDivElement>(null);
  // After every commit: what the next start paints before the JavaScript (cheap: a few tiles' HTML).
  useEffect(() => {
    if (view.current && user) saveStartSnapshot(view.current, user.id, SNAPSHOT_PARTS);
  });
  if (!user) return null;
  const T = texts(DASHBOARD_HOME_UI);
  const customer = !staff;
  const returnsTile: Tile = {
    to: '/returns',
    search: { status: RETURNS_WAITING_STATUS },
    ...T.tiles.returnsWaiting,
    icon: Undo2,
    count: waiting.data?.count,
    countLabel: waiting.data ? T.returnsWaitingCount(waiting.data.count) : undefined,
  };
  const tiles = (customer ? customerTiles() : [...staffTiles(), returnsTile]).filter((t) => {
    const def = routeDef(t.to);
    return def !== undefined && hasAccess(user, def.access);
  });
  // Staff only: customers get no analytics or alerts (spec part 1 "Dashboard").
  return (
    <DashboardView ref={view} name={user.full_name || user.username} customer={customer} tiles={tiles} widgets={customer ? undefined : <DashboardWidgets />} />
  );
}
