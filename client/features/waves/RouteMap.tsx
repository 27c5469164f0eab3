import { useEffect, useRef, useState } from 'react';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { RouteStop } from '../../../shared/schemas/wave-planning';
import { type Box, formatMetres, manhattanPath, mapBounds, type Point } from './wave-logic';

/**
 * A suggestion's walking route on a small Lageplan (display only). Like the
 * Lageplan (RackPlan), racks sit at their stored plan position in decimetres
 * with the footprint of a Lageplan card (200 × 132 px at 4 px/dm = 50 × 33 dm);
 * here the whole plan is scaled into one SVG. The route's racks are
 * highlighted and numbered in route order; the path runs origin → racks →
 * origin as L-shaped legs (the route's |Δx| + |Δy| metric) through the
 * racks' centres. The length shown is the server's.
 */

export interface MapRack {
  id: number;
  rack_code: string;
  position_x: number;
  position_y: number;
}

const RACK_W = 50;
const RACK_H = 33;
const MARGIN = 25;

/** Markers and labels keep this size in screen pixels, whatever the hall's size and the card's width. */
const UNIT_PX = 14;
const MAX_HEIGHT_PX = 320;

/** The rendered width of an element (ResizeObserver), so the map can size its text in pixels. */
function useWidth<T extends Element>(): [React.RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const ro = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? null));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

const centre = (r: { position_x: number; position_y: number }): Point => ({ x: r.position_x + RACK_W / 2, y: r.position_y + RACK_H / 2 });

export function RouteMap({ racks, stops, lengthM, testId }: { racks: readonly MapRack[]; stops: readonly RouteStop[]; lengthM: number; testId?: string }) {
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  const onRoute = new Map(ordered.map((s) => [s.rack_id, s.sequence]));
  // Racks of the route that the plan did not deliver (plan failed to load) are drawn from the stops themselves.
  const known = new Set(racks.map((r) => r.id));
  const all: MapRack[] = [
    ...racks,
    ...ordered.filter((s) => !known.has(s.rack_id)).map((s) => ({ id: s.rack_id, rack_code: s.rack_code, position_x: s.position_x, position_y: s.position_y })),
  ];
  const rects: Box[] = all.map((r) => ({ x: r.position_x, y: r.position_y, width: RACK_W, height: RACK_H }));
  const path = manhattanPath(ordered.map(centre));
  const box = mapBounds(path, rects, MARGIN);
  const [ref, width] = useWidth<HTMLElement>();
  // One "unit" is UNIT_PX on screen (before the first measurement: a guess for a 320 px wide map).
  const shown = Math.min(width && width > 0 ? width : 320, (MAX_HEIGHT_PX * box.width) / box.height);
  const unit = (UNIT_PX * box.width) / shown;
  const label = WAVE_UI.routeMapLabel(ordered.map((s) => s.rack_code).join(' → '), formatMetres(lengthM).replace(' m', ''));
  return (
    <figure ref={ref} className="overflow-hidden rounded-md border border-slate-200 bg-slate-50" data-testid={testId ?? 'route-map'}>
      <svg
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className="block h-auto w-full"
        style={{ minHeight: 120, maxHeight: MAX_HEIGHT_PX }}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={label}
      >
        <title>{label}</title>
        {all.map((r) => {
          const seq = onRoute.get(r.id);
          return (
            <g key={r.id} data-rack={r.rack_code} data-on-route={seq !== undefined ? 'true' : 'false'}>
              <rect
                x={r.position_x}
                y={r.position_y}
                width={RACK_W}
                height={RACK_H}
                rx={2}
                className={seq !== undefined ? 'fill-brand-100 stroke-brand-600' : 'fill-white stroke-slate-300'}
                strokeWidth={seq !== undefined ? 2 : 1}
                vectorEffect="non-scaling-stroke"
              />
              <text
                x={r.position_x}
                y={r.position_y - unit * 0.25}
                fontSize={unit * 0.9}
                className={seq !== undefined ? 'fill-brand-700 font-bold' : 'fill-slate-400'}
              >
                {r.rack_code}
              </text>
            </g>
          );
        })}
        <polyline
          points={path.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          className="stroke-amber-500"
          strokeWidth={3}
          strokeLinejoin="round"
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
          data-testid="route-path"
        />
        <g data-testid="route-origin">
          <rect x={-unit * 0.6} y={-unit * 0.6} width={unit * 1.2} height={unit * 1.2} className="fill-slate-700" />
          <text x={unit * 0.9} y={unit * 0.35} fontSize={unit * 0.8} className="fill-slate-700 font-medium">
            {WAVE_UI.start}
          </text>
        </g>
        {ordered.map((s) => {
          const c = centre(s);
          return (
            <g key={s.rack_id} data-testid={`route-stop-${s.sequence}`}>
              <circle cx={c.x} cy={c.y} r={unit * 0.8} className="fill-brand-600 stroke-white" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
              <text x={c.x} y={c.y} fontSize={unit * 0.95} textAnchor="middle" dominantBaseline="central" className="fill-white font-bold">
                {s.sequence}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap justify-between gap-x-3 border-t border-slate-200 bg-white px-2 py-1 text-xs text-slate-600">
        <span>{WAVE_UI.routeMap}</span>
        <span className="font-medium text-slate-800 tabular-nums" data-testid="route-length">
          {WAVE_UI.routeLength} {formatMetres(lengthM)}
        </span>
      </figcaption>
    </figure>
  );
}
