import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { type Building, BuildingList, DeactivateResponse } from '../../../shared/schemas/buildings';
import { apiDelete, apiGet, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { EmptyState, ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { BUILDINGS_UI as T } from '../../../shared/i18n/masterdata';
import { UI } from '../../../shared/i18n/ui';
import { BuildingDialog } from './BuildingDialog';
import { BuildingTable } from './BuildingTable';
import { RoomsPanel } from './RoomsPanel';

/** Gebäude & Räume (admin): buildings list, the rooms of the selected building. */

export function BuildingsScreen() {
  const qc = useQueryClient();
  const buildings = useQuery({ queryKey: ['buildings'], queryFn: () => apiGet('/buildings/', BuildingList) });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Building | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Building | null>(null);

  const deactivate = useMutation({
    mutationFn: (b: Building) => apiDelete(`/buildings/${b.id}`, DeactivateResponse),
    onSuccess: (r) => {
      toast.success(r.message);
      setDeactivating(null);
      void qc.invalidateQueries({ queryKey: ['buildings'] });
      void qc.invalidateQueries({ queryKey: ['rooms'] });
    },
    onError: (e) => toast.error(errorMessage(e, UI.deleteError)),
  });

  // A just-created building is selected before the list has reloaded; fall back to the first one.
  const selected = buildings.data?.find((b) => b.id === selectedId) ?? buildings.data?.[0] ?? null;
  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button icon={<Plus className="h-4 w-4" />} onClick={() => setEditing('new')}>
            {T.newBuilding}
          </Button>
        }
      />
      {buildings.isLoading ? <Spinner /> : null}
      {buildings.error ? <ErrorBox>{errorMessage(buildings.error, T.loadError)}</ErrorBox> : null}
      {buildings.data ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <BuildingTable
            buildings={buildings.data}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            onEdit={setEditing}
            onDeactivate={setDeactivating}
          />
          {selected ? <RoomsPanel building={selected} /> : <EmptyState>{T.createFirst}</EmptyState>}
        </div>
      ) : null}
      {editing ? <BuildingDialog building={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(b) => setSelectedId(b.id)} /> : null}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(o) => !o && setDeactivating(null)}
        title={T.deactivateBuildingTitle}
        message={
          <>
            {T.deactivateBuildingBefore} <strong>{deactivating?.name}</strong> {T.deactivateBuildingAfter}
          </>
        }
        confirmLabel={UI.deactivate}
        danger
        busy={deactivate.isPending}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
      />
    </div>
  );
}
