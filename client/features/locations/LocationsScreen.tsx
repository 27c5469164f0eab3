import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LayoutGrid, List, Pencil, Plus, Printer, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Building } from '../../../shared/schemas/buildings';
import { DeleteLocationResponse, type HierarchyRack, LocationNode, PLAN_UNITS_PER_METRE, PositionResponse } from '../../../shared/schemas/locations';
import { isAdmin } from '../../../shared/domain/roles';
import { apiDelete, apiPatch, apiPut, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { Field, Input, Select, Textarea } from '../../ui/Field';
import { EmptyState, ErrorBox, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { openLabels } from './labels';
import { BuildingRoomFields } from './BuildingRoomFields';
import { RackPlan } from './RackPlan';
import { RackStructure } from './RackStructure';
import { RackWizard } from './RackWizard';
import { useBuildings, useHierarchy, useRooms } from './useLocations';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';

/**
 * Lageplan: rack cards on the floor plan, list view. Admins also create (wizard),
 * move, edit (incl. levels and compartments), delete and print labels; other
 * warehouse staff see the plan read-only.
 */

/** Admin-only actions on a rack; absent, the plan and list are read-only. */
export interface RackActions {
  onEdit: (r: HierarchyRack) => void;
  onDelete: (r: HierarchyRack) => void;
  onLabels: (r: HierarchyRack) => void;
}

const metres = (dm: number) => (dm / PLAN_UNITS_PER_METRE).toLocaleString('de-DE', { maximumFractionDigits: 1 });

export function LocationsScreen() {
  const qc = useQueryClient();
  const { user } = useSession();
  const admin = user !== null && isAdmin(user);
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [wizard, setWizard] = useState(false);
  const [editing, setEditing] = useState<HierarchyRack | null>(null);
  const [deleting, setDeleting] = useState<HierarchyRack | null>(null);
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
  const editingRack = editing ? (list.find((r) => r.id === editing.id) ?? editing) : null;
  const actions: RackActions = { onEdit: setEditing, onDelete: setDeleting, onLabels: (r) => void openLabels(r.id) };
  return (
    <div>
      <PageHeader
        title="Lageplan"
        subtitle="Regale mit Ebenen und Fächern. Positionen in Metern – Grundlage der Pickroute."
        actions={
          admin ? (
            <Button icon={<Plus className="h-4 w-4" />} onClick={() => setWizard(true)}>
              Neues Regal anlegen
            </Button>
          ) : null
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Field label={FIELD_LABELS.building_id} className="w-56">
          {(id) => (
            <Select
              id={id}
              value={buildingId ?? ''}
              onChange={(e) => {
                setBuildingId(e.target.value ? Number(e.target.value) : null);
                setRoomId(null);
              }}
            >
              <option value="">Alle Gebäude</option>
              {(buildings.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Raum" className="w-56">
          {(id) => (
            <Select id={id} value={roomId ?? ''} disabled={!buildingId} onChange={(e) => setRoomId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Alle Räume</option>
              {(rooms.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="ml-auto flex rounded-md border border-slate-300 bg-white p-0.5" role="group" aria-label="Ansicht">
          <Button
            size="sm"
            variant={view === 'plan' ? 'primary' : 'ghost'}
            aria-pressed={view === 'plan'}
            icon={<LayoutGrid className="h-4 w-4" />}
            onClick={() => setView('plan')}
          >
            Lageplan
          </Button>
          <Button
            size="sm"
            variant={view === 'list' ? 'primary' : 'ghost'}
            aria-pressed={view === 'list'}
            icon={<List className="h-4 w-4" />}
            onClick={() => setView('list')}
          >
            Liste
          </Button>
        </div>
      </div>
      {racks.isLoading ? <Spinner /> : null}
      {racks.error ? <ErrorBox>{errorMessage(racks.error, 'Fehler beim Laden der Lagerplätze')}</ErrorBox> : null}
      {racks.data && list.length === 0 ? (
        <EmptyState>{admin ? 'Keine Regale – legen Sie mit „Neues Regal anlegen“ das erste an.' : 'Keine Regale angelegt.'}</EmptyState>
      ) : null}
      {list.length > 0 && view === 'plan' ? (
        <>
          <p className="mb-2 text-xs text-slate-600" data-testid="plan-unit">
            {admin
              ? 'Raster: 1 Kästchen = 1 m. Regale per Maus oder Finger ziehen; mit Tastatur: Pfeiltasten = 1 m, Umschalt + Pfeil = 10 cm.'
              : 'Raster: 1 Kästchen = 1 m.'}
          </p>
          <RackPlan racks={list} {...(admin ? { onMove: (rack: HierarchyRack, x: number, y: number) => move.mutate({ rack, x, y }), ...actions } : {})} />
        </>
      ) : null}
      {list.length > 0 && view === 'list' ? <RackList racks={list} {...(admin ? actions : {})} /> : null}
      {wizard ? <RackWizard buildings={buildings.data ?? []} defaults={filter} onClose={() => setWizard(false)} onCreated={refresh} /> : null}
      {editingRack ? <EditRackDialog rack={editingRack} buildings={buildings.data ?? []} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Regal löschen?"
        message={
          <>
            Regal <strong>{deleting?.rack_code}</strong> mit allen {deleting?.level_count} Ebenen und {deleting?.compartment_count} Fächern wird gelöscht.
            Regale mit Bestand können nicht gelöscht werden.
          </>
        }
        confirmLabel="Löschen"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}

export function RackList({ racks, onEdit, onDelete, onLabels }: { racks: HierarchyRack[] } & Partial<RackActions>) {
  return (
    <div className={table.wrap} {...scrollRegion('Regale')}>
      <table className={table.table} data-testid="rack-list">
        <thead>
          <tr>
            <th className={table.th}>Regal</th>
            <th className={table.th}>Name</th>
            <th className={table.th}>{FIELD_LABELS.building_id}</th>
            <th className={table.th}>Raum</th>
            <th className={`${table.th} text-right`}>Ebenen</th>
            <th className={`${table.th} text-right`}>Fächer</th>
            <th className={`${table.th} text-right`}>Belegt</th>
            <th className={`${table.th} text-right`}>Bestand</th>
            <th className={table.th}>Position (m)</th>
            {onEdit ? (
              <th className={table.th}>
                <span className="sr-only">Aktionen</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {racks.map((r) => (
            <tr key={r.id} className={table.tr}>
              <td className={`${table.td} font-mono font-semibold`}>{r.rack_code}</td>
              <td className={table.td}>{r.name ?? '–'}</td>
              <td className={table.td}>{r.building_name ?? '–'}</td>
              <td className={table.td}>{r.room_name ?? '–'}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.level_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.compartment_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.occupied_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.stock_quantity.toLocaleString('de-DE')}</td>
              <td className={`${table.td} tabular-nums`}>
                {metres(r.position_x)} / {metres(r.position_y)}
              </td>
              {onEdit && onDelete && onLabels ? (
                <td className={`${table.td} whitespace-nowrap text-right`}>
                  <Button size="sm" variant="ghost" aria-label={`Labels für Regal ${r.rack_code} drucken`} onClick={() => onLabels(r)}>
                    <Printer className="h-4 w-4" />
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Regal ${r.rack_code} bearbeiten`} onClick={() => onEdit(r)}>
                    <Pencil className="h-4 w-4" />
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Regal ${r.rack_code} löschen`} onClick={() => onDelete(r)}>
                    <Trash2 className="h-4 w-4 text-red-600" />
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EditRackDialog({ rack, buildings, onClose, onSaved }: { rack: HierarchyRack; buildings: Building[]; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(rack.name ?? '');
  const [description, setDescription] = useState(rack.description ?? '');
  const [buildingId, setBuildingId] = useState<number | null>(rack.building_id);
  const [roomId, setRoomId] = useState<number | null>(rack.room_id);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiPut(
        `/locations/${rack.id}`,
        { name: name.trim() || null, description: description.trim() || null, building_id: buildingId, room_id: roomId },
        LocationNode,
      ),
    onSuccess: () => {
      toast.success(`Regal ${rack.rack_code} gespeichert`);
      onSaved();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, UI.saveError)),
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Regal ${rack.rack_code} bearbeiten`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button onClick={() => save.mutate()} busy={save.isPending}>
            {UI.save}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Regalcode">{(id) => <Input id={id} value={rack.rack_code} readOnly disabled />}</Field>
        <Field label="Name">{(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />}</Field>
        <BuildingRoomFields
          buildings={buildings}
          buildingId={buildingId}
          roomId={roomId}
          onChange={(v) => {
            setBuildingId(v.buildingId);
            setRoomId(v.roomId);
          }}
        />
        <Field label="Beschreibung" className="sm:col-span-2">
          {(id) => <Textarea id={id} value={description} maxLength={1000} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
      </div>
      {error ? (
        <div className="mt-3">
          <ErrorBox>{error}</ErrorBox>
        </div>
      ) : null}
      <RackStructure rack={rack} />
    </Dialog>
  );
}
