import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, DoorOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ROOM_TYPE_LABELS, ROOM_TYPES, type RoomType } from '../../../shared/constants';
import { Building, BuildingList, DeactivateResponse, Room, RoomList } from '../../../shared/schemas/buildings';
import { apiDelete, apiGet, apiPatch, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, Card, EmptyState, ErrorBox, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';

/** Gebäude & Räume (admin): buildings list, the rooms of the selected building. */

const ROOM_TONE: Record<RoomType, 'gray' | 'blue' | 'purple' | 'red'> = { ambient: 'gray', cooled: 'blue', frozen: 'purple', hazmat: 'red' };

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
        title="Gebäude & Räume"
        subtitle="Gebäude und ihre Räume – Grundlage für Lageplan und Lagerplatz-Pfade"
        actions={
          <Button icon={<Plus className="h-4 w-4" />} onClick={() => setEditing('new')}>
            Neues Gebäude
          </Button>
        }
      />
      {buildings.isLoading ? <Spinner /> : null}
      {buildings.error ? <ErrorBox>{errorMessage(buildings.error, 'Fehler beim Laden der Gebäude')}</ErrorBox> : null}
      {buildings.data ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <BuildingTable
            buildings={buildings.data}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            onEdit={setEditing}
            onDeactivate={setDeactivating}
          />
          {selected ? <RoomsPanel building={selected} /> : <EmptyState>Bitte zuerst ein Gebäude anlegen.</EmptyState>}
        </div>
      ) : null}
      {editing ? <BuildingDialog building={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(b) => setSelectedId(b.id)} /> : null}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(o) => !o && setDeactivating(null)}
        title="Gebäude deaktivieren?"
        message={
          <>
            Das Gebäude <strong>{deactivating?.name}</strong> und seine Räume werden deaktiviert. Gebäude mit Bestand können nicht deaktiviert werden.
          </>
        }
        confirmLabel="Deaktivieren"
        danger
        busy={deactivate.isPending}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
      />
    </div>
  );
}

export function BuildingTable({
  buildings,
  selectedId,
  onSelect,
  onEdit,
  onDeactivate,
}: {
  buildings: Building[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (b: Building) => void;
  onDeactivate: (b: Building) => void;
}) {
  if (buildings.length === 0) return <EmptyState icon={<Building2 className="h-8 w-8" />}>Noch keine Gebäude angelegt</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion('Gebäude')}>
      <table className={table.table} data-testid="buildings-table">
        <thead>
          <tr>
            <th className={table.th}>Code</th>
            <th className={table.th}>Name</th>
            <th className={table.th}>Adresse</th>
            <th className={`${table.th} text-right`}>Räume</th>
            <th className={`${table.th} text-right`}>Regale</th>
            <th className={table.th}>
              <span className="sr-only">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {buildings.map((b) => (
            <tr
              key={b.id}
              className={`cursor-pointer ${b.id === selectedId ? 'bg-brand-50' : table.tr}`}
              onClick={() => onSelect(b.id)}
              aria-selected={b.id === selectedId}
            >
              <td className={`${table.td} font-mono font-semibold`}>{b.building_code}</td>
              <td className={table.td}>{b.name}</td>
              <td className={`${table.td} text-slate-600`}>{b.address ?? '–'}</td>
              <td className={`${table.td} text-right tabular-nums`}>{b.room_count}</td>
              <td className={`${table.td} text-right tabular-nums`}>{b.rack_count}</td>
              <td className={`${table.td} whitespace-nowrap text-right`}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${b.name} bearbeiten`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onEdit(b);
                  }}
                >
                  <Pencil className="h-4 w-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${b.name} deaktivieren`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onDeactivate(b);
                  }}
                >
                  <Trash2 className="h-4 w-4 text-red-600" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BuildingDialog({ building, onClose, onSaved }: { building: Building | null; onClose: () => void; onSaved: (b: Building) => void }) {
  const qc = useQueryClient();
  const [code, setCode] = useState(building?.building_code ?? '');
  const [name, setName] = useState(building?.name ?? '');
  const [address, setAddress] = useState(building?.address ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = { building_code: code.trim(), name: name.trim(), address: address.trim() || null };
      return building ? apiPatch(`/buildings/${building.id}`, body, Building) : apiPost('/buildings/', body, Building);
    },
    onSuccess: (b) => {
      toast.success(building ? 'Gebäude gespeichert' : 'Gebäude angelegt');
      void qc.invalidateQueries({ queryKey: ['buildings'] });
      onSaved(b);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, building ? UI.saveError : UI.createError)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(VALIDATION.buildingCodeRequired);
    if (!name.trim()) return setError(VALIDATION.nameRequired);
    setError(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={building ? 'Gebäude bearbeiten' : 'Neues Gebäude'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button type="submit" form="building-form" busy={save.isPending}>
            {UI.save}
          </Button>
        </>
      }
    >
      <form id="building-form" onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
        <Field label={FIELD_LABELS.building_code} required>
          {(id) => <Input id={id} value={code} maxLength={20} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder="H1" autoFocus />}
        </Field>
        <Field label="Name" required className="sm:col-span-2">
          {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder="Halle 1" />}
        </Field>
        <Field label="Adresse" className="sm:col-span-3">
          {(id) => <Input id={id} value={address} maxLength={500} onChange={(e) => setAddress(e.target.value)} placeholder="Straße, PLZ Ort" />}
        </Field>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </form>
    </Dialog>
  );
}

function RoomsPanel({ building }: { building: Building }) {
  const qc = useQueryClient();
  const rooms = useQuery({ queryKey: ['rooms', building.id], queryFn: () => apiGet(`/rooms/?building_id=${building.id}`, RoomList) });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<RoomType>('ambient');
  const [error, setError] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<Room | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['rooms'] });
    void qc.invalidateQueries({ queryKey: ['buildings'] });
  };
  const create = useMutation({
    mutationFn: () => apiPost('/rooms/', { building_id: building.id, room_code: code.trim(), name: name.trim(), room_type: type }, Room),
    onSuccess: (r) => {
      toast.success(`Raum ${r.name} angelegt`);
      setCode('');
      setName('');
      setType('ambient');
      refresh();
    },
    onError: (e) => setError(errorMessage(e, UI.createError)),
  });
  const deactivate = useMutation({
    mutationFn: (r: Room) => apiDelete(`/rooms/${r.id}`, DeactivateResponse),
    onSuccess: (r) => {
      toast.success(r.message);
      setDeactivating(null);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e, UI.deleteError)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(VALIDATION.roomCodeRequired);
    if (!name.trim()) return setError(VALIDATION.nameRequired);
    setError(null);
    create.mutate();
  };
  return (
    <Card className="p-4" data-testid="rooms-panel">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <DoorOpen className="h-5 w-5 text-slate-500" /> Räume in {building.name}
      </h2>
      {rooms.isLoading ? <Spinner /> : null}
      {rooms.error ? <ErrorBox>{errorMessage(rooms.error, 'Fehler beim Laden der Räume')}</ErrorBox> : null}
      {rooms.data && rooms.data.length === 0 ? <p className="mb-3 text-sm text-slate-500">Noch keine Räume in diesem Gebäude.</p> : null}
      {rooms.data && rooms.data.length > 0 ? (
        <div className={`${table.wrap} mb-4`} {...scrollRegion('Räume')}>
          <table className={table.table}>
            <thead>
              <tr>
                <th className={table.th}>Code</th>
                <th className={table.th}>Name</th>
                <th className={table.th}>Typ</th>
                <th className={`${table.th} text-right`}>Regale</th>
                <th className={table.th}>
                  <span className="sr-only">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rooms.data.map((r) => (
                <tr key={r.id} className={table.tr}>
                  <td className={`${table.td} font-mono font-semibold`}>{r.room_code}</td>
                  <td className={table.td}>{r.name}</td>
                  <td className={table.td}>
                    <Badge tone={ROOM_TONE[r.room_type]}>{ROOM_TYPE_LABELS[r.room_type]}</Badge>
                  </td>
                  <td className={`${table.td} text-right tabular-nums`}>{r.rack_count}</td>
                  <td className={`${table.td} text-right`}>
                    <Button size="sm" variant="ghost" aria-label={`${r.name} deaktivieren`} onClick={() => setDeactivating(r)}>
                      <Trash2 className="h-4 w-4 text-red-600" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <form onSubmit={submit} className="grid items-end gap-2 sm:grid-cols-[6rem_minmax(0,1fr)_9rem_auto]" data-testid="room-form">
        <Field label={FIELD_LABELS.room_code} required>
          {(id) => <Input id={id} value={code} maxLength={20} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder="R1" />}
        </Field>
        <Field label="Raumname" required>
          {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder="Hauptlager" />}
        </Field>
        <Field label={FIELD_LABELS.room_type}>
          {(id) => (
            <Select id={id} value={type} onChange={(e) => setType(e.target.value as RoomType)}>
              {ROOM_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ROOM_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" busy={create.isPending} icon={<Plus className="h-4 w-4" />}>
          Raum anlegen
        </Button>
      </form>
      {error ? (
        <div className="mt-2">
          <ErrorBox>{error}</ErrorBox>
        </div>
      ) : null}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(o) => !o && setDeactivating(null)}
        title="Raum deaktivieren?"
        message={
          <>
            Der Raum <strong>{deactivating?.name}</strong> wird deaktiviert. Räume mit Bestand können nicht deaktiviert werden.
          </>
        }
        confirmLabel="Deaktivieren"
        danger
        busy={deactivate.isPending}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
      />
    </Card>
  );
}
