import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Room } from '../../../shared/schemas/buildings';
import { type HierarchyCompartment, type HierarchyRack, StorageLocation } from '../../../shared/schemas/locations';
import { apiPatch, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { BLOCKED_PLACES_UI as B, RACK_STRUCTURE_UI as T } from '../../../shared/i18n/racks';
import { UI } from '../../../shared/i18n/ui';

/**
 * Blocking and releasing places and rooms (docs/operations.md "Blocked
 * places"): PATCH /locations/{id} and PATCH /rooms/{id} with is_blocked, open
 * to managers and admins. Stock stays where it is; the server stops reserving,
 * waving, picking and taking it out.
 */

/** Compartments of a rack that count as blocked: all of them in a blocked room, else those marked. */
export function blockedCompartments(rack: HierarchyRack): number {
  if (rack.room_blocked) return rack.compartment_count;
  return rack.levels.reduce((n, l) => n + l.compartments.filter((c) => c.is_blocked).length, 0);
}

/** The two calls, each refreshing the Lageplan and the room lists and answering with a toast. */
export function useBlocking() {
  const qc = useQueryClient();
  const refresh = async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: ['locations'] }), qc.invalidateQueries({ queryKey: ['rooms'] })]);
  };
  const place = useMutation({
    mutationFn: (v: { id: number; barcode: string; blocked: boolean }) => apiPatch(`/locations/${v.id}`, { is_blocked: v.blocked }, StorageLocation),
    onSuccess: async (_r, v) => {
      toast.success(v.blocked ? T.compartmentBlocked(v.barcode) : T.compartmentUnblocked(v.barcode));
      await refresh();
    },
    onError: (e) => toast.error(errorMessage(e, UI.saveError)),
  });
  const room = useMutation({
    mutationFn: (v: { id: number; name: string; blocked: boolean }) => apiPatch(`/rooms/${v.id}`, { is_blocked: v.blocked }, Room),
    onSuccess: async (_r, v) => {
      toast.success(v.blocked ? B.roomBlocked(v.name) : B.roomUnblocked(v.name));
      await refresh();
    },
    onError: (e) => toast.error(errorMessage(e, UI.saveError)),
  });
  return { place, room, pending: place.isPending || room.isPending };
}

type Toggle = (v: { id: number; barcode: string; blocked: boolean }) => void;

/**
 * A compartment as a chip: its barcode, red when blocked, its lock toggle
 * (pressed = blocked) and what the caller adds (stock figure, remove button).
 */
export function CompartmentChip({ c, disabled, onToggle, children }: { c: HierarchyCompartment; disabled?: boolean; onToggle: Toggle; children?: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded pl-2 font-mono text-xs ${c.is_blocked ? 'bg-red-50 text-red-800 ring-1 ring-red-300' : 'bg-slate-100 text-slate-800'}`}
      title={c.is_blocked ? `${T.stock(c.stock_quantity)}, ${T.blockedHint}` : T.stock(c.stock_quantity)}
      data-testid={`compartment-${c.barcode}`}
      data-blocked={c.is_blocked}
    >
      {c.barcode}
      <button
        type="button"
        className="ml-1 rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 disabled:opacity-40"
        aria-label={c.is_blocked ? T.unblockCompartment(c.barcode) : T.blockCompartment(c.barcode)}
        aria-pressed={c.is_blocked}
        disabled={disabled}
        onClick={() => onToggle({ id: c.id, barcode: c.barcode, blocked: !c.is_blocked })}
      >
        {c.is_blocked ? <Lock className="h-3 w-3" /> : <LockOpen className="h-3 w-3" />}
      </button>
      {children}
    </span>
  );
}
