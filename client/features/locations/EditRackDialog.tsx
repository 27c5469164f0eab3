import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Building } from '../../../shared/schemas/buildings';
import { type HierarchyRack, LocationNode } from '../../../shared/schemas/locations';
import { apiPut, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Textarea } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { BuildingRoomFields } from './BuildingRoomFields';
import { RackStructure } from './RackStructure';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { LOCATIONS_UI } from '../../../shared/i18n/masterdata';

/** Edit a rack: name, description, building/room, and its levels and compartments (RackStructure). */

export function EditRackDialog({
  rack,
  buildings,
  onClose,
  onSaved,
}: {
  rack: HierarchyRack;
  buildings: Building[];
  onClose: () => void;
  onSaved: () => void;
}) {
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
      toast.success(LOCATIONS_UI.saved(rack.rack_code));
      onSaved();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, UI.saveError)),
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={LOCATIONS_UI.editRack(rack.rack_code)}
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
        <Field label={FIELD_LABELS.rack_code}>{(id) => <Input id={id} value={rack.rack_code} readOnly disabled />}</Field>
        <Field label={FIELD_LABELS.name}>{(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />}</Field>
        <BuildingRoomFields
          buildings={buildings}
          buildingId={buildingId}
          roomId={roomId}
          onChange={(v) => {
            setBuildingId(v.buildingId);
            setRoomId(v.roomId);
          }}
        />
        <Field label={FIELD_LABELS.description} className="sm:col-span-2">
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
