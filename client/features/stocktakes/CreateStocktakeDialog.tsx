import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { STOCKTAKE_UI as T } from '../../../shared/i18n/stocktakes';
import { UI } from '../../../shared/i18n/ui';
import { RoomList } from '../../../shared/schemas/buildings';
import { CreateStocktakeResponse } from '../../../shared/schemas/stocktake';
import { apiGet, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { useHierarchy } from '../locations/useLocations';
import { useRefreshStocktakes } from './hooks';

/** "Neue Inventur": a name, a whole room or chosen racks, blind by default (POST /stocktakes). */
export function CreateStocktakeDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshStocktakes();
  const rooms = useQuery({ queryKey: ['rooms', 'all'], queryFn: () => apiGet('/rooms/', RoomList) });
  const racks = useHierarchy({ building_id: null, room_id: null });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'room' | 'racks'>('racks');
  const [roomId, setRoomId] = useState('');
  const [rackIds, setRackIds] = useState<number[]>([]);
  const [blind, setBlind] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      apiPost(
        '/stocktakes',
        { name: name.trim(), blind, ...(scope === 'room' ? { room_id: Number(roomId) } : { rack_ids: rackIds }) },
        CreateStocktakeResponse,
      ),
    onSuccess: (r) => {
      toast.success(T.created(r.number, r.places));
      refresh();
      onClose();
      void navigate({ to: '/stocktakes/$stocktakeId', params: { stocktakeId: String(r.id) } });
    },
    onError: (e) => setError(errorMessage(e, T.createError)),
  });
  const submit = () => {
    if (scope === 'room' ? !roomId : rackIds.length === 0) return setError(T.scopeMissing);
    setError(null);
    create.mutate();
  };
  const toggleRack = (id: number) => setRackIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={T.create}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button onClick={submit} busy={create.isPending} data-testid="stocktake-create">
            {T.create}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Field label={FIELD_LABELS.name} required>
          {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} data-testid="stocktake-name" />}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{T.scope}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="scope" checked={scope === 'racks'} onChange={() => setScope('racks')} /> {T.scopeRacks}
          </label>
          {scope === 'racks' ? (
            <div className="ml-6 flex flex-wrap gap-2" role="group" aria-label={FIELD_LABELS.rack_ids}>
              {(racks.data ?? []).map((r) => (
                <label key={r.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 font-mono text-sm">
                  <input type="checkbox" checked={rackIds.includes(r.id)} onChange={() => toggleRack(r.id)} /> {r.rack_code}
                </label>
              ))}
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="scope" checked={scope === 'room'} onChange={() => setScope('room')} /> {T.scopeRoom}
          </label>
          {scope === 'room' ? (
            <Select aria-label={FIELD_LABELS.room_id} className="ml-6 w-auto" value={roomId} onChange={(e) => setRoomId(e.target.value)}>
              <option value="">{T.chooseRoom}</option>
              {(rooms.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.building_name} / {r.name}
                </option>
              ))}
            </Select>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.target.checked)} data-testid="stocktake-blind" /> {T.blindLabel}
        </label>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </div>
    </Dialog>
  );
}
