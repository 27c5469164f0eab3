import { Grip, Lock, Pencil, Printer, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { PLAN_MAX_POSITION, PLAN_UNITS_PER_METRE } from '../../../shared/schemas/locations';
import type { HierarchyRack } from '../../../shared/schemas/locations';
import { Button } from '../../ui/Button';
import { scrollRegion } from '../../ui/misc';
import { LOCATIONS_UI } from '../../../shared/i18n/masterdata';
import { UI } from '../../../shared/i18n/ui';
import { BLOCKED_PLACES_UI as B } from '../../../shared/i18n/racks';
import { blockedCompartments } from './blocking';

/**
 * The floor plan: rack cards (200 px wide) placed by their stored position.
 * Positions are decimetres; the plan draws PX_PER_DM pixels per decimetre and
 * a grid square per metre. Dragging uses pointer events (mouse, pen and
 * touch alike) with pointer capture; the new position is reported on release.
 */

export const PX_PER_DM = 4;
const CARD_W = 200;
const CARD_H = 132;
const GRID_PX = PLAN_UNITS_PER_METRE * PX_PER_DM;

/** Without the callbacks (non-admin staff) the plan is read-only: no dragging, no buttons. */
export interface RackPlanProps {
  racks: HierarchyRack[];
  onMove?: (rack: HierarchyRack, x: number, y: number) => void;
  onEdit?: (rack: HierarchyRack) => void;
  onDelete?: (rack: HierarchyRack) => void;
  onLabels?: (rack: HierarchyRack) => void;
  /** Opens the blocking dialog (managers and admins). */
  onBlock?: (rack: HierarchyRack) => void;
}

const clamp = (v: number) => Math.max(0, Math.min(PLAN_MAX_POSITION, Math.round(v)));

/** The plan starts 2 m before the first rack, on a whole metre, so the grid stays aligned to metres. */
function origin(values: number[]): number {
  if (values.length === 0) return 0;
  return Math.max(0, (Math.floor(Math.min(...values) / PLAN_UNITS_PER_METRE) - 2) * PLAN_UNITS_PER_METRE);
}

export function RackPlan({ racks, onMove, onEdit, onDelete, onLabels, onBlock }: RackPlanProps) {
  const ox = origin(racks.map((r) => r.position_x));
  const oy = origin(racks.map((r) => r.position_y));
  const maxX = Math.max(0, ...racks.map((r) => (r.position_x - ox) * PX_PER_DM + CARD_W));
  const maxY = Math.max(0, ...racks.map((r) => (r.position_y - oy) * PX_PER_DM + CARD_H));
  return (
    <div className="overflow-auto rounded-lg border border-slate-300 bg-white" style={{ maxHeight: '70vh' }} {...scrollRegion(LOCATIONS_UI.title)}>
      <div
        data-testid="rack-plan"
        className="relative"
        style={{
          width: Math.max(1200, maxX + 4 * GRID_PX),
          height: Math.max(560, maxY + 4 * GRID_PX),
          backgroundImage: `linear-gradient(to right, rgb(226 232 240) 1px, transparent 1px), linear-gradient(to bottom, rgb(226 232 240) 1px, transparent 1px)`,
          backgroundSize: `${GRID_PX}px ${GRID_PX}px`,
        }}
      >
        {racks.map((r) => (
          <RackCard key={r.id} rack={r} ox={ox} oy={oy} onMove={onMove} onEdit={onEdit} onDelete={onDelete} onLabels={onLabels} onBlock={onBlock} />
        ))}
      </div>
    </div>
  );
}

function RackCard({
  rack,
  ox,
  oy,
  onMove,
  onEdit,
  onDelete,
  onLabels,
  onBlock,
}: { rack: HierarchyRack; ox: number; oy: number } & Omit<RackPlanProps, 'racks'>) {
  const [drag, setDrag] = useState<{ dx: number; dy: number } | null>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const left = (rack.position_x - ox) * PX_PER_DM + (drag?.dx ?? 0);
  const top = (rack.position_y - oy) * PX_PER_DM + (drag?.dy ?? 0);

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!onMove || e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    setDrag({ dx: 0, dy: 0 });
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== e.pointerId) return;
    setDrag({ dx: e.clientX - start.current.x, dy: e.clientY - start.current.y });
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== e.pointerId) return;
    const dx = e.clientX - start.current.x;
    const dy = e.clientY - start.current.y;
    start.current = null;
    setDrag(null);
    if (!onMove || (Math.abs(dx) < 3 && Math.abs(dy) < 3)) return;
    onMove(rack, clamp(rack.position_x + dx / PX_PER_DM), clamp(rack.position_y + dy / PX_PER_DM));
  };
  // Keyboard: arrows move by 1 m, with Shift by 10 cm.
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!onMove || e.target !== e.currentTarget) return;
    const step = e.shiftKey ? 1 : PLAN_UNITS_PER_METRE;
    const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const delta = d[e.key];
    if (!delta) return;
    e.preventDefault();
    onMove(rack, clamp(rack.position_x + delta[0]), clamp(rack.position_y + delta[1]));
  };
  const place = [rack.building_name, rack.room_name].filter(Boolean).join(' / ') || UI.withoutBuilding;
  const blocked = blockedCompartments(rack);
  const m = (dm: number) => (dm / PLAN_UNITS_PER_METRE).toLocaleString('de-DE', { maximumFractionDigits: 1 });
  return (
    <div
      role="group"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a rack card is moved with the arrow keys, so it must take focus
      tabIndex={0}
      aria-label={LOCATIONS_UI.rackCard(rack.rack_code, m(rack.position_x), m(rack.position_y))}
      data-testid={`rack-card-${rack.rack_code}`}
      data-blocked={blocked}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        start.current = null;
        setDrag(null);
      }}
      onKeyDown={key}
      className={`absolute flex touch-none select-none flex-col rounded-lg border bg-white shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 ${drag ? 'z-10 cursor-grabbing border-brand-500 shadow-lg' : blocked > 0 ? 'border-red-400' : 'border-slate-300'} ${!drag && onMove ? 'cursor-grab' : ''}`}
      style={{ left, top, width: CARD_W, minHeight: CARD_H }}
    >
      <div className="flex items-center gap-2 rounded-t-lg bg-brand-700 px-3 py-1.5 text-white">
        {onMove ? <Grip className="h-4 w-4 opacity-70" aria-hidden /> : null}
        <span className="font-mono text-lg font-bold">{rack.rack_code}</span>
        <span className="truncate text-xs opacity-90">{rack.name}</span>
      </div>
      <div className="flex-1 px-3 py-2 text-xs text-slate-700">
        <div className="truncate" title={place}>
          {place}
        </div>
        <div className="mt-1">{LOCATIONS_UI.levelsAndCompartments(rack.level_count, rack.compartment_count)}</div>
        <div className="mt-0.5">{LOCATIONS_UI.occupancy(rack.occupied_count, rack.compartment_count, rack.stock_quantity.toLocaleString('de-DE'))}</div>
        {blocked > 0 ? (
          <div className="mt-0.5 flex items-center gap-1 font-semibold text-red-700">
            <Lock className="h-3 w-3" aria-hidden />
            <span data-testid="rack-blocked">{B.blockedCount(blocked, rack.compartment_count)}</span>
          </div>
        ) : null}
      </div>
      <div className="flex items-center justify-end gap-1 border-t border-slate-100 px-1 py-1">
        <span className="mr-auto whitespace-nowrap pl-2 text-[11px] tabular-nums text-slate-500" title={LOCATIONS_UI.positionTitle}>
          {LOCATIONS_UI.positionMetres(m(rack.position_x), m(rack.position_y))}
        </span>
        {onBlock ? (
          <Button size="sm" variant="ghost" aria-label={B.openDialog(rack.rack_code)} title={B.openDialog(rack.rack_code)} onClick={() => onBlock(rack)}>
            <Lock className="h-4 w-4" />
          </Button>
        ) : null}
        {onLabels ? (
          <Button size="sm" variant="ghost" aria-label={LOCATIONS_UI.printLabels(rack.rack_code)} title={LOCATIONS_UI.print} onClick={() => onLabels(rack)}>
            <Printer className="h-4 w-4" />
          </Button>
        ) : null}
        {onEdit ? (
          <Button size="sm" variant="ghost" aria-label={LOCATIONS_UI.editRack(rack.rack_code)} title={UI.edit} onClick={() => onEdit(rack)}>
            <Pencil className="h-4 w-4" />
          </Button>
        ) : null}
        {onDelete ? (
          <Button size="sm" variant="ghost" aria-label={LOCATIONS_UI.deleteRack(rack.rack_code)} title={LOCATIONS_UI.delete} onClick={() => onDelete(rack)}>
            <Trash2 className="h-4 w-4 text-red-600" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
