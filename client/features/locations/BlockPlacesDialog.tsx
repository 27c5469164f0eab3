import type { HierarchyRack } from '../../../shared/schemas/locations';
import { BLOCKED_PLACES_UI as B, RACK_STRUCTURE_UI as T } from '../../../shared/i18n/racks';
import { Dialog } from '../../ui/Dialog';
import { CompartmentChip, useBlocking } from './blocking';

/**
 * Sperrplätze of one rack for managers and admins: every compartment with
 * its lock toggle and stock; the rack's structure is not edited here (that is
 * the admin's edit dialog).
 */
export function BlockPlacesDialog({ rack, onClose }: { rack: HierarchyRack; onClose: () => void }) {
  const blocking = useBlocking();
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={B.dialogTitle(rack.rack_code)} description={B.dialogHint} size="lg">
      {rack.room_blocked && rack.room_name ? (
        <p className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="room-blocked-hint">
          {B.roomBlockedHint(rack.room_name)}
        </p>
      ) : null}
      <ul className="space-y-2" data-testid="block-places">
        {rack.levels.map((level) => (
          <li key={level.id} className="flex flex-wrap items-center gap-1 rounded-md border border-slate-200 p-2">
            <span className="mr-1 w-20 text-sm font-medium text-slate-700">{T.level(level.level_code)}</span>
            {level.compartments.map((c) => (
              <CompartmentChip key={c.id} c={c} disabled={blocking.pending} onToggle={(v) => blocking.place.mutate(v)}>
                <span className="px-1.5 text-slate-500">{c.stock_quantity.toLocaleString('de-DE')}</span>
              </CompartmentChip>
            ))}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
