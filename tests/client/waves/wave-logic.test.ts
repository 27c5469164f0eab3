import { describe, expect, it } from 'vitest';
import {
  barTone,
  barWidth,
  EMPTY_FILTERS,
  filterQuery,
  formatKg,
  formatMetres,
  formatPercent,
  manhattanPath,
  mapBounds,
  pathLength,
  selectionError,
  toggleSelection,
} from '../../../client/features/waves/wave-logic';

describe('capacity bars (spec §9: above 75 % yellow, above 95 % red)', () => {
  it('is green up to and including 75 %, yellow above it up to 95 %, red above 95 %', () => {
    expect(barTone(0)).toBe('green');
    expect(barTone(75)).toBe('green');
    expect(barTone(75.01)).toBe('yellow');
    expect(barTone(95)).toBe('yellow');
    expect(barTone(95.1)).toBe('red');
    expect(barTone(130)).toBe('red');
  });

  it('keeps the fill inside its track', () => {
    expect(barWidth(-3)).toBe(0);
    expect(barWidth(42.5)).toBe(42.5);
    expect(barWidth(140)).toBe(100);
    expect(barWidth(Number.NaN)).toBe(0);
  });

  it('formats percentages, kilograms and metres the German way', () => {
    expect(formatPercent(42.5)).toBe('42,5 %');
    expect(formatPercent(7)).toBe('7,0 %');
    expect(formatKg(123.44)).toBe('123,4 kg');
    expect(formatKg(1234.5)).toBe('1.234,5 kg');
    expect(formatMetres(64)).toBe('64 m');
    expect(formatMetres(12.5)).toBe('12,5 m');
  });
});

describe('route map: Manhattan path origin → racks → origin', () => {
  it('walks each leg first along x, then along y, and returns to the origin', () => {
    const path = manhattanPath([
      { x: 100, y: 100 },
      { x: 160, y: 100 },
      { x: 100, y: 160 },
    ]);
    expect(path).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 160, y: 100 }, // straight leg: no extra corner
      { x: 100, y: 100 },
      { x: 100, y: 160 },
      { x: 0, y: 160 },
      { x: 0, y: 0 },
    ]);
    // every segment is axis-parallel
    for (let i = 1; i < path.length; i++) expect(path[i].x === path[i - 1].x || path[i].y === path[i - 1].y).toBe(true);
  });

  it('has the length of the docs/fulfilment.md metric (Σ |Δx| + |Δy|, closed tour)', () => {
    const stops = [
      { x: 100, y: 100 },
      { x: 320, y: 100 },
      { x: 100, y: 160 },
    ];
    const metric = [{ x: 0, y: 0 }, ...stops, { x: 0, y: 0 }].reduce(
      (sum, p, i, all) => (i === 0 ? 0 : sum + Math.abs(p.x - all[i - 1].x) + Math.abs(p.y - all[i - 1].y)),
      0,
    );
    expect(pathLength(manhattanPath(stops))).toBe(metric);
    expect(metric).toBe(200 + 220 + 280 + 260);
  });

  it('is just the origin without stops', () => {
    expect(manhattanPath([])).toEqual([{ x: 0, y: 0 }]);
  });

  it('bounds hold the origin, the path and the rack rectangles, with a margin', () => {
    const b = mapBounds(
      [
        { x: 0, y: 0 },
        { x: 125, y: 116 },
      ],
      [{ x: 320, y: 100, width: 50, height: 33 }],
      10,
    );
    expect(b).toEqual({ x: -10, y: -10, width: 390, height: 153 });
  });
});

describe('manual selection (spec §5: 1 to 4 orders)', () => {
  it('names the spec messages for none and for more than four', () => {
    expect(selectionError(0)).toBe('Bitte mindestens einen Auftrag auswählen');
    expect(selectionError(1)).toBeNull();
    expect(selectionError(4)).toBeNull();
    expect(selectionError(5)).toBe('Maximal 4 Aufträge pro Welle (Paletten-Kapazität)');
  });

  it('ticks up to four orders, refuses a fifth and unticks', () => {
    let sel: number[] = [];
    for (const id of [1, 2, 3, 4]) sel = toggleSelection(sel, id).selected;
    expect(sel).toEqual([1, 2, 3, 4]);
    const fifth = toggleSelection(sel, 5);
    expect(fifth.selected).toEqual([1, 2, 3, 4]);
    expect(fifth.error).toBe('Maximal 4 Aufträge pro Welle (Paletten-Kapazität)');
    const off = toggleSelection(sel, 2);
    expect(off).toEqual({ selected: [1, 3, 4], error: null });
  });
});

describe('filters', () => {
  it('sends trimmed filters and leaves empty ones out', () => {
    expect(filterQuery(EMPTY_FILTERS)).toEqual({});
    expect(filterQuery({ ...EMPTY_FILTERS, customer_name: '  Müller ', carrier_type: 'parcel', date_from: '2026-11-01', order_number: ' ' })).toEqual({
      customer_name: 'Müller',
      carrier_type: 'parcel',
      date_from: '2026-11-01',
    });
  });
});
