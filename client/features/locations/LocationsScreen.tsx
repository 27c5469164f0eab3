import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteLocationResponse, type HierarchyRack, PositionResponse } from '../../../shared/schemas/locations';
import { isAdmin, isManagerOrAdmin } from '../../../shared/domain/roles';
import { apiDelete, apiPatch, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { ConfirmDialog } from '../../ui/Dialog';
import { openLabels } from './labels';
import { RackWizard } from './RackWizard';
import { useBuildings, useHierarchy, useRooms } from './useLocations';
import { UI } from '../../../shared/i18n/ui';
import { LOCATIONS_UI } from '../../../shared/i18n/masterdata';
import { EditRackDialog } from './EditRackDialog';
import type { RackActions } from './RackList';
import { LocationsView } from './LocationsView';
import { BlockPlacesDialog } from './BlockPlacesDialog';
import { useBlocking } from './blocking';

/**
 * Lageplan: rack cards on the floor plan, list view. Admins also create (wizard),
 * move, edit (incl. levels and compartments), delete and print labels; other
 * warehouse staff see the plan read-only.
 */

export function LocationsScreen() {
  const qc = useQueryClient();
  const { user } = useSession();
  const admin = user !== null && isAdmin(user);
  const manager = user !== null && isManagerOrAdmin(user);
  const blocking = useBlocking();
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [wizard, setWizard] = useState(false);
  const [editing, setEditing] = useState<HierarchyRack | null>(null);
  const [deleting, setDeleting] = useState<HierarchyRack | null>(null);
  const [blockingRack, setBlockingRack] = useState<HierarchyRack | null>(null);
  const filter = { building_id: buildingId, room_id: roomId };
  const buildings = useBuildings();
  const rooms = useRooms(buildingId);
  const racks = useHierarchy(filter);
  const key = ['locations', 'hierarchy', filter];
  const refresh = () => void qc.invalidateQueries({ queryKey: ['locations'] });

  const move = useMutation({
    mutationFn: ({ rack, x, y }: { rack: HierarchyRack; x: number; y: number }) =>
      apiPatch(`/locations/${rack.id}/position`, { position_x: x, position_y: y }, PositionResponse),
    onMutate: ({ rack, x, y }) => {
      const before = qc.getQueryData<HierarchyRack[]>(key);
      qc.setQueryData<HierarchyRack[]>(key, (list) => list?.map((r) => (r.id === rack.id ? { ...r, position_x: x, position_y: y } : r)));
      return { before };
    },
    onError: (e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      toast.error(errorMessage(e, UI.saveError));
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (r: HierarchyRack) => apiDelete(`/locations/${r.id}`, DeleteLocationResponse),
    onSuccess: (r) => {
      toast.success(r.message);
      setDeleting(null);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e, UI.deleteError)),
  });

  const list = racks.data ?? [];
  // The dialog follows the live hierarchy, so added levels and compartments show at once.
  const live = (r: HierarchyRack | null) => (r ? (list.find((x) => x.id === r.id) ?? r) : null);
  const editingRack = live(editing);
  const blockRack = live(blockingRack);
  const actions: RackActions = { onEdit: setEditing, onDelete: setDeleting, onLabels: (r) => void openLabels(r.id), onBlock: setBlockingRack };
  return (
    <LocationsView
      admin={admin}
      manager={manager}
      buildings={buildings.data ?? []}
      rooms={rooms.data ?? []}
      buildingId={buildingId}
      roomId={roomId}
      onBuilding={(id) => {
        setBuildingId(id);
        setRoomId(null);
      }}
      onRoom={setRoomId}
      view={view}
      onView={setView}
      list={list}
      loaded={racks.data !== undefined}
      isLoading={racks.isLoading}
      error={racks.error}
      onNew={() => setWizard(true)}
      onMove={(rack, x, y) => move.mutate({ rack, x, y })}
      actions={actions}
      onRoomBlocked={(room, blocked) => blocking.room.mutate({ id: room.id, name: room.name, blocked })}
      blockingPending={blocking.pending}
    >
      {wizard ? <RackWizard buildings={buildings.data ?? []} defaults={filter} onClose={() => setWizard(false)} onCreated={refresh} /> : null}
      {blockRack ? <BlockPlacesDialog rack={blockRack} onClose={() => setBlockingRack(null)} /> : null}
      {editingRack ? <EditRackDialog rack={editingRack} buildings={buildings.data ?? []} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={LOCATIONS_UI.deleteTitle}
        message={
          <>
            {LOCATIONS_UI.deleteBefore} <strong>{deleting?.rack_code}</strong>{' '}
            {LOCATIONS_UI.deleteAfter(deleting?.level_count ?? 0, deleting?.compartment_count ?? 0)}
          </>
        }
        confirmLabel={LOCATIONS_UI.delete}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </LocationsView>
  );
}
