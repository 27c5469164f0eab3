import { LayoutGrid, List, Lock, LockOpen, Plus } from 'lucide-react';
import type { Building, Room } from '../../../shared/schemas/buildings';
import type { HierarchyRack } from '../../../shared/schemas/locations';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Field, Select } from '../../ui/Field';
import { EmptyState, ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { RackPlan } from './RackPlan';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { LOCATIONS_UI as T } from '../../../shared/i18n/masterdata';
import type { ReactNode } from 'react';
import { type RackActions, RackList } from './RackList';
import { BLOCKED_PLACES_UI as B } from '../../../shared/i18n/racks';

/** The Lageplan as shown: filters, plan or list view (LocationsScreen loads the data and acts). */

export interface LocationsViewProps {
  admin: boolean;
  /** Managers and admins block places and rooms. */
  manager: boolean;
  buildings: Building[];
  rooms: Room[];
  buildingId: number | null;
  roomId: number | null;
  /** A new building clears the room (the screen does both). */
  onBuilding: (id: number | null) => void;
  onRoom: (id: number | null) => void;
  view: 'plan' | 'list';
  onView: (v: 'plan' | 'list') => void;
  list: HierarchyRack[];
  /** The hierarchy has been answered (an empty list then means no racks). */
  loaded: boolean;
  isLoading: boolean;
  error: unknown;
  onNew: () => void;
  onMove: (rack: HierarchyRack, x: number, y: number) => void;
  actions: RackActions;
  /** Blocks or releases the selected room (managers and admins). */
  onRoomBlocked: (room: Room, blocked: boolean) => void;
  blockingPending: boolean;
  /** The dialogs of the loading screen. */
  children?: ReactNode;
}

export function LocationsView({
  admin,
  manager,
  buildings,
  rooms,
  buildingId,
  roomId,
  onBuilding,
  onRoom,
  view,
  onView,
  list,
  loaded,
  isLoading,
  error,
  onNew,
  onMove,
  actions,
  onRoomBlocked,
  blockingPending,
  children,
}: LocationsViewProps) {
  const room = rooms.find((r) => r.id === roomId);
  const rackProps = admin ? { onMove, ...actions } : manager ? { onBlock: actions.onBlock } : {};
  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          admin ? (
            <Button icon={<Plus className="h-4 w-4" />} onClick={onNew}>
              {T.newRack}
            </Button>
          ) : null
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Field label={FIELD_LABELS.building_id} className="w-56">
          {(id) => (
            <Select id={id} value={buildingId ?? ''} onChange={(e) => onBuilding(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{T.allBuildings}</option>
              {buildings.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={T.room} className="w-56">
          {(id) => (
            <Select id={id} value={roomId ?? ''} disabled={!buildingId} onChange={(e) => onRoom(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{T.allRooms}</option>
              {rooms.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {manager && room ? (
          <Button
            variant={room.is_blocked ? 'danger' : 'secondary'}
            aria-pressed={room.is_blocked}
            busy={blockingPending}
            icon={room.is_blocked ? <Lock className="h-4 w-4" /> : <LockOpen className="h-4 w-4" />}
            onClick={() => onRoomBlocked(room, !room.is_blocked)}
          >
            {room.is_blocked ? B.unblockRoom(room.name) : B.blockRoom(room.name)}
          </Button>
        ) : null}
        <div className="ml-auto flex rounded-md border border-slate-300 bg-white p-0.5" role="group" aria-label={T.view}>
          <Button
            size="sm"
            variant={view === 'plan' ? 'primary' : 'ghost'}
            aria-pressed={view === 'plan'}
            icon={<LayoutGrid className="h-4 w-4" />}
            onClick={() => onView('plan')}
          >
            {T.viewPlan}
          </Button>
          <Button
            size="sm"
            variant={view === 'list' ? 'primary' : 'ghost'}
            aria-pressed={view === 'list'}
            icon={<List className="h-4 w-4" />}
            onClick={() => onView('list')}
          >
            {T.viewList}
          </Button>
        </div>
      </div>
      {isLoading ? <Spinner /> : null}
      {error ? <ErrorBox>{errorMessage(error, T.loadError)}</ErrorBox> : null}
      {loaded && list.length === 0 ? <EmptyState>{admin ? T.emptyAdmin : T.empty}</EmptyState> : null}
      {list.length > 0 && view === 'plan' ? (
        <>
          <p className="mb-2 text-xs text-slate-600" data-testid="plan-unit">
            {admin ? T.gridHintAdmin : T.gridHint}
          </p>
          <RackPlan racks={list} {...rackProps} />
        </>
      ) : null}
      {list.length > 0 && view === 'list' ? <RackList racks={list} {...rackProps} /> : null}
      {children}
    </div>
  );
}
