import type { Building } from '../../../shared/schemas/buildings';
import { Field, Select } from '../../ui/Field';
import { useRooms } from './useLocations';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { LOCATIONS_UI } from '../../../shared/i18n/masterdata';

/** Gebäude and Raum selects of a rack: the room list follows the building, and a room needs a building first. */
export function BuildingRoomFields({
  buildings,
  buildingId,
  roomId,
  onChange,
}: {
  buildings: Building[];
  buildingId: number | null;
  roomId: number | null;
  onChange: (v: { buildingId: number | null; roomId: number | null }) => void;
}) {
  const rooms = useRooms(buildingId);
  return (
    <>
      <Field label={FIELD_LABELS.building_id}>
        {(id) => (
          <Select id={id} value={buildingId ?? ''} onChange={(e) => onChange({ buildingId: e.target.value ? Number(e.target.value) : null, roomId: null })}>
            <option value="">{LOCATIONS_UI.noBuilding}</option>
            {buildings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.building_code} – {b.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={FIELD_LABELS.room_id} hint={buildingId ? undefined : LOCATIONS_UI.chooseBuildingFirst}>
        {(id) => (
          <Select
            id={id}
            value={roomId ?? ''}
            disabled={!buildingId}
            onChange={(e) => onChange({ buildingId, roomId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{LOCATIONS_UI.noRoom}</option>
            {(rooms.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.room_code} – {r.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
