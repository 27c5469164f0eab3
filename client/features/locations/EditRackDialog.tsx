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
