import { Link } from '@tanstack/react-router';
import {
  ArrowDownToLine,
  ArrowRightLeft,
  ArrowUpFromLine,
  Boxes,
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
import { UI } from '../../../shared/i18n/ui';
import { RELOCATION_TEXTS } from '../../../shared/i18n/relocation';
import { DashboardWidgets } from './DashboardWidgets';

interface Tile {
  to: string;
  label: string;
  text: string;
  icon: LucideIcon;
}

const CUSTOMER_TILES: Tile[] = [
  { to: '/my-stock', label: 'Mein Bestand', text: 'Ihren aktuellen Lagerbestand ansehen', icon: Boxes },
  { to: '/outbound-orders', label: UI.outboundOrders, text: 'Aufträge anlegen und verfolgen', icon: Truck },
  { to: '/notifications', label: 'Avisierungen', text: 'Anlieferungen ankündigen', icon: FileText },
  { to: '/profile', label: 'Profil', text: 'Ihre Daten und Ihr Passwort', icon: UserRound },
];

const STAFF_TILES: Tile[] = [
  { to: '/notifications', label: 'Avisierungen', text: 'Angekündigte Anlieferungen', icon: ClipboardList },
  { to: '/inbound', label: 'Einlagern', text: 'Ware per Scan einlagern', icon: ArrowDownToLine },
  { to: '/outbound', label: 'Auslagern', text: 'Ware per Scan auslagern', icon: ArrowUpFromLine },
  { to: '/relocate', label: RELOCATION_TEXTS.title, text: RELOCATION_TEXTS.tileText, icon: ArrowRightLeft },
  { to: '/locations', label: UI.locations, text: 'Regale und Fächer verwalten', icon: MapPin },
  { to: '/search', label: 'Suche', text: 'Artikel und Plätze finden', icon: Search },
];

export function DashboardView({ name, customer, tiles, widgets }: { name: string; customer: boolean; tiles: Tile[]; widgets?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Willkommen, {name}!</h1>
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
        <h2 className="mb-2 font-semibold">Schnellstart</h2>
        {customer ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Unter „Avisierungen“ kündigen Sie Anlieferungen an das Lager an – mit Datum und Artikeln.</li>
            <li>„Mein Bestand“ zeigt Ihre Ware im Lager mit verfügbarer und reservierter Menge.</li>
            <li>Über „Ausgangsaufträge“ beauftragen Sie Versand aus Ihrem Bestand und verfolgen den Status.</li>
          </ul>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Einlagern: EAN scannen, Kunde und Menge wählen, Lagerplatz scannen – funktioniert auch offline.</li>
            <li>Auslagern: EAN scannen, Platz wählen und scannen, Menge bestätigen.</li>
            <li>Oben rechts sehen Sie jederzeit, ob Sie online sind und ob Buchungen auf die Übertragung warten.</li>
          </ul>
        )}
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
