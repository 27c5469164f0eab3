import { useQuery } from '@tanstack/react-query';
import { USER_FORM_UI as T } from '../../../shared/i18n/users';
import { type Room, RoomList } from '../../../shared/schemas/buildings';
import { apiGet } from '../../app/api';

/**
 * Arbeitsbereich of a staff user (docs/sync.md "Entities"): the rooms whose places and stock the
 * handheld holds; none ticked = the whole warehouse. Loads the rooms, WorkAreaList shows them.
 */
export function WorkAreaField({ value, onChange }: { value: readonly number[]; onChange: (ids: number[]) => void }) {
  const rooms = useQuery({ queryKey: ['rooms', 'all'], queryFn: () => apiGet('/rooms/', RoomList) });
  return <WorkAreaList rooms={rooms.data ?? []} failed={rooms.isError} value={value} onChange={onChange} />;
}

/** The active rooms as checkboxes grouped by building (display only). */
export function WorkAreaList({
  rooms,
  failed,
  value,
  onChange,
}: {
  rooms: readonly Room[];
  failed: boolean;
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const chosen = new Set(value);
  const toggle = (id: number) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id].sort((a, b) => a - b));
  const buildings = new Map<string, Room[]>();
  for (const r of rooms) buildings.set(r.building_name, [...(buildings.get(r.building_name) ?? []), r]);
  return (
    <fieldset className="sm:col-span-2" data-testid="work-area">
      <legend className="mb-1 text-sm font-medium text-slate-700">{T.workArea}</legend>
      <div className="max-h-56 overflow-y-auto rounded-md border border-slate-200">
        {failed ? <p className="p-3 text-sm text-red-600">{T.workAreaLoadError}</p> : null}
        {!failed && rooms.length === 0 ? <p className="p-3 text-sm text-slate-500">{T.workAreaNoRooms}</p> : null}
        {[...buildings].map(([building, list]) => (
          <div key={building}>
            <p className="bg-slate-50 px-3 py-1 text-xs font-semibold text-slate-600">{building}</p>
            {list.map((r) => (
              <label key={r.id} className="flex min-h-11 items-center gap-3 border-b border-slate-100 px-3 text-sm last:border-b-0 hover:bg-slate-50">
                <input type="checkbox" className="h-5 w-5" checked={chosen.has(r.id)} onChange={() => toggle(r.id)} />
                <span className="flex-1">{r.name}</span>
                <span className="font-mono text-xs text-slate-500">{r.room_code}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-500">{T.workAreaHint}</p>
    </fieldset>
  );
}
