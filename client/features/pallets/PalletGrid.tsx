import { UI } from '../../../shared/i18n/ui';
import { FileText, Package, Power, PowerOff, Undo2 } from 'lucide-react';
import { PALLET_STATUS_LABELS, type PalletStatus } from '../../../shared/domain/pallets';
import { formatDateTime } from '../../../shared/i18n/format';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import type { CurrentCart, Pallet } from '../../../shared/schemas/pallets';
import { Button } from '../../ui/Button';
import { Badge, Card, EmptyState } from '../../ui/misc';

const STATUS_TONE: Record<PalletStatus, 'green' | 'blue' | 'amber' | 'purple'> = {
  available: 'green',
  in_use: 'blue',
  ready_for_packing: 'amber',
  packing: 'purple',
};

/** The card grid of reusable pallets (display only). */
export function PalletGrid({
  pallets,
  busyId,
  onToggle,
  onLabel,
  releasingId,
  onRelease,
}: {
  pallets: Pallet[];
  busyId: number | null;
  onToggle: (p: Pallet) => void;
  onLabel: (p: Pallet) => void;
  releasingId: number | null;
  onRelease: (p: Pallet) => void;
}) {
  if (pallets.length === 0) return <EmptyState icon={<Package className="h-8 w-8" />}>{PALLET_UI.noPallets}</EmptyState>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="pallet-grid">
      {pallets.map((p) => (
        <li key={p.id}>
          <PalletCard
            pallet={p}
            busy={busyId === p.id}
            onToggle={() => onToggle(p)}
            onLabel={() => onLabel(p)}
            releasing={releasingId === p.id}
            onRelease={() => onRelease(p)}
          />
        </li>
      ))}
    </ul>
  );
}

interface CardProps {
  pallet: Pallet;
  busy: boolean;
  onToggle: () => void;
  onLabel: () => void;
  releasing: boolean;
  onRelease: () => void;
}

/** A pallet claimed by hand stays in use until released: the card offers "Freigeben" while in_use. */
function PalletCard({ pallet: p, busy, onToggle, onLabel, releasing, onRelease }: CardProps) {
  return (
    <Card className={`flex h-full flex-col p-4 ${p.active ? '' : 'bg-slate-50'}`} data-testid={`pallet-${p.barcode}`} aria-label={PALLET_UI.pallet(p.barcode)}>
      {/* Inactive pallets are dimmed; the actions stay at full strength so "Aktivieren" does not look disabled. */}
      <div className={p.active ? '' : 'opacity-50'} data-testid="pallet-body">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <div className="truncate font-mono text-lg font-bold text-slate-900">{p.barcode}</div>
            <div className="truncate text-sm text-slate-600">{p.name ?? '–'}</div>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <Badge tone={STATUS_TONE[p.status]}>{PALLET_STATUS_LABELS[p.status]}</Badge>
            {p.active ? null : <Badge tone="gray">{PALLET_UI.inactive}</Badge>}
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">{PALLET_UI.lastUsed}</dt>
          <dd className="text-slate-800">{p.last_used_at ? formatDateTime(p.last_used_at) : PALLET_UI.never}</dd>
          <dt className="text-slate-500">{PALLET_UI.currentCart}</dt>
          <dd className={p.current_cart ? 'text-slate-800' : 'text-slate-500'}>{p.current_cart ? null : PALLET_UI.noCart}</dd>
        </dl>
        {p.current_cart ? <CartBox cart={p.current_cart} /> : null}
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button size="sm" variant="secondary" icon={<FileText className="h-4 w-4" />} onClick={onLabel} aria-label={PALLET_UI.openLabel(p.barcode)}>
          {PALLET_UI.label}
        </Button>
        <Button
          size="sm"
          variant={p.active ? 'ghost' : 'success'}
          busy={busy}
          icon={p.active ? <PowerOff className="h-4 w-4" /> : <Power className="h-4 w-4" />}
          onClick={onToggle}
          aria-label={PALLET_UI.toggleLabel(p.barcode, p.active)}
        >
          {p.active ? UI.deactivate : UI.activate}
        </Button>
        {p.status === 'in_use' ? (
          <Button
            size="sm"
            variant="secondary"
            busy={releasing}
            icon={<Undo2 className="h-4 w-4" />}
            onClick={onRelease}
            aria-label={PALLET_UI.releaseLabel(p.barcode)}
            data-testid="pallet-release"
          >
            {PALLET_UI.release}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function CartBox({ cart }: { cart: CurrentCart }) {
  return (
    <dl
      className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200 ring-inset"
      data-testid="current-cart"
    >
      <dt className="text-slate-500">{PALLET_UI.orders}</dt>
      <dd className="font-medium text-slate-800 tabular-nums">{cart.total_orders}</dd>
      <dt className="text-slate-500">{PALLET_UI.picker}</dt>
      <dd className="truncate text-slate-800">{cart.picker_name ?? '–'}</dd>
      <dt className="text-slate-500">{PALLET_UI.packer}</dt>
      <dd className="truncate text-slate-800">{cart.packer_name ?? '–'}</dd>
    </dl>
  );
}
