import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DoorOpen, Lock, LockOpen, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ROOM_TYPE_LABELS, ROOM_TYPES, type RoomType } from '../../../shared/constants';
import { type Building, DeactivateResponse, Room, RoomList } from '../../../shared/schemas/buildings';
import { apiDelete, apiGet, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, Card, ErrorBox, Spinner, table, scrollRegion } from '../../ui/misc';
import { VALIDATION } from '../../../shared/i18n/validation';
import { BUILDINGS_UI as T } from '../../../shared/i18n/masterdata';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { BLOCKED_PLACES_UI as B } from '../../../shared/i18n/racks';
import { useBlocking } from '../locations/blocking';

/** The rooms of the selected building: list, create, deactivate. */

const ROOM_TONE: Record<RoomType, 'gray' | 'blue' | 'purple' | 'red'> = { ambient: 'gray', cooled: 'blue', frozen: 'purple', hazmat: 'red' };

export function RoomsPanel({ building }: { building: Building }) {
  const qc = useQueryClient();
  const rooms = useQuery({ queryKey: ['rooms', building.id], queryFn: () => apiGet(`/rooms/?building_id=${building.id}`, RoomList) });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<RoomType>('ambient');
  const [error, setError] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<Room | null>(null);
  const blocking = useBlocking();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['rooms'] });
    void qc.invalidateQueries({ queryKey: ['buildings'] });
  };
  const create = useMutation({
    mutationFn: () => apiPost('/rooms/', { building_id: building.id, room_code: code.trim(), name: name.trim(), room_type: type }, Room),
    onSuccess: (r) => {
      toast.success(T.roomCreated(r.name));
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
        <DoorOpen className="h-5 w-5 text-slate-500" /> {T.roomsIn(building.name)}
      </h2>
      {rooms.isLoading ? <Spinner /> : null}
      {rooms.error ? <ErrorBox>{errorMessage(rooms.error, T.roomsLoadError)}</ErrorBox> : null}
      {rooms.data && rooms.data.length === 0 ? <p className="mb-3 text-sm text-slate-500">{T.noRooms}</p> : null}
      {rooms.data && rooms.data.length > 0 ? (
        <div className={`${table.wrap} mb-4`} {...scrollRegion(T.colRooms)}>
          <table className={table.table}>
            <thead>
              <tr>
                <th className={table.th}>{T.colCode}</th>
                <th className={table.th}>{T.colName}</th>
                <th className={table.th}>{T.colType}</th>
                <th className={`${table.th} text-right`}>{T.colRacks}</th>
                <th className={table.th}>{B.colBlocked}</th>
                <th className={table.th}>
                  <span className="sr-only">{T.colActions}</span>
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
                  <td className={`${table.td} whitespace-nowrap`}>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={r.is_blocked ? B.unblockRoom(r.name) : B.blockRoom(r.name)}
                      aria-pressed={r.is_blocked}
                      disabled={blocking.pending}
                      onClick={() => blocking.room.mutate({ id: r.id, name: r.name, blocked: !r.is_blocked })}
                    >
                      {r.is_blocked ? <Lock className="h-4 w-4 text-red-700" /> : <LockOpen className="h-4 w-4" />}
                    </Button>
                    {r.is_blocked ? <Badge tone="red">{B.blockedBadge}</Badge> : null}
                  </td>
                  <td className={`${table.td} text-right`}>
                    <Button size="sm" variant="ghost" aria-label={T.deactivate(r.name)} onClick={() => setDeactivating(r)}>
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
          {(id) => <Input id={id} value={code} maxLength={20} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder={T.roomCodePlaceholder} />}
        </Field>
        <Field label={T.roomName} required>
          {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder={T.roomNamePlaceholder} />}
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
          {T.createRoom}
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
        title={T.deactivateRoomTitle}
        message={
          <>
            {T.deactivateRoomBefore} <strong>{deactivating?.name}</strong> {T.deactivateRoomAfter}
          </>
        }
        confirmLabel={UI.deactivate}
        danger
        busy={deactivate.isPending}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
      />
    </Card>
  );
}
