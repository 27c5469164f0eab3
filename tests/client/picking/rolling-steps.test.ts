import { describe, expect, it } from 'vitest';
import {
  buildPlan,
  cornerAssignments,
  currentPick,
  donePick,
  phaseAfterCorner,
  pickKey,
  position,
  positionOfDone,
  progressOf,
  resumePhase,
  sameProgress,
  savedKeys,
  upcoming,
} from '../../../client/features/picking/rolling/rolling-steps';
import type { WsWave, WsWaveLine, WsWaveStop } from '../../../shared/schemas/picking';

/** Two orders (A: order 1, B: order 2); places P1 (seq 1–3), P2 (seq 4), P3 (seq 5). */
function line(id: number, order: number, ordered: number): WsWaveLine {
  return {
    order_id: order,
    order_item_id: id,
    product_id: id,
    product_ean: `400000000000${id}`,
    product_title: `Artikel ${id}`,
    unit: 'piece',
    quantity_ordered: ordered,
    picked_quantity: 0,
    units_per_box: null,
    boxes_per_pallet: null,
  };
}
function stop(item: number, order: number, sequence: number, location: number, quantity: number): WsWaveStop {
  return {
    sequence,
    order_id: order,
    order_item_id: item,
    location_id: location,
    location_barcode: `P${location}`,
    full_path: `Halle / P${location}`,
    batch_number: '',
    expiry_date: null,
    rack_code: `R${location}`,
    level_code: '01',
    compartment_code: '01',
    quantity,
    stock_id: 100 + sequence,
  };
}
function wave(stops: WsWaveStop[], progress: WsWave['progress'] = null): WsWave {
  return {
    id: 9,
    wave_number: 'W-2026-000009',
    name: 'Welle W-2026-000009',
    status: 'picking',
    pallet_barcode: 'DISP-AAAAAAAA',
    picker_user_id: 3,
    creation_method: 'rolling',
    progress,
    orders: [
      { id: 2, order_number: 'B-2', status: 'picking', delivery_name: 'Y', customer_id: 1, pallet_corner: 'B' },
      { id: 1, order_number: 'A-1', status: 'picking', delivery_name: 'X', customer_id: 1, pallet_corner: 'A' },
    ],
    lines: [line(11, 1, 2), line(12, 1, 1), line(21, 2, 3), line(22, 2, 1)],
    stops,
    route_length_m: 20,
  };
}
// P1 holds a pick of each order (B's listed first in the route) and a second pick of A.
const all = () => [stop(21, 2, 1, 1, 3), stop(11, 1, 2, 1, 2), stop(12, 1, 3, 1, 1), stop(22, 2, 4, 2, 1)];

describe('rolling picking steps', () => {
  it('groups the stops by place in route order, corner by corner inside a place', () => {
    const plan = buildPlan(wave(all()), []);
    expect(plan.locations.map((l) => l.location_barcode)).toEqual(['P1', 'P2']);
    expect(plan.locations[0].open.map((p) => `${p.corner}${p.line.order_item_id}`)).toEqual(['A11', 'A12', 'B21']);
    expect(plan.totalPicks).toBe(4);
    expect(position(plan)).toEqual({ loc: 1, locs: 2, pick: 1, picks: 3 });
    expect(currentPick(plan)?.key).toBe('1:11:102');
    expect(upcoming(plan, 2).map((p) => p.line.order_item_id)).toEqual([12, 21]);
  });

  it('counts a pick done when its stop is empty on the device or its key is saved, also after the stop has left', () => {
    const stops = all();
    stops[1].quantity = 0; // 11 picked here, not pulled yet
    let plan = buildPlan(wave(stops), []);
    expect(position(plan)).toEqual({ loc: 1, locs: 2, pick: 2, picks: 3 });
    // After a pull the empty stops are gone; the saved keys keep the counts.
    const pulled = all().filter((s) => s.order_item_id !== 11 && s.order_item_id !== 12 && s.order_item_id !== 21);
    plan = buildPlan(wave(pulled), ['1:11:102', '1:12:103', '1:21:101']);
    expect(position(plan)).toEqual({ loc: 2, locs: 2, pick: 1, picks: 1 });
    expect(plan.totalPicks).toBe(4);
    expect(plan.doneKeys).toEqual(['1:11:102', '1:12:103', '1:21:101']);
  });

  it('a replacement stop after a shortage is an open pick at its place in the route', () => {
    const stops = [...all(), stop(11, 1, 5, 3, 1)];
    const plan = buildPlan(wave(stops), ['1:11:102', '1:12:103', '1:21:101', '2:22:104']);
    expect(currentPick(plan)?.stop.location_barcode).toBe('P3');
    expect(position(plan)).toEqual({ loc: 3, locs: 3, pick: 1, picks: 1 });
  });

  it('after the corner: the next pick at the same place is scanned at once, another place is walked to, the end finishes', () => {
    const keys = ['1:11:102'];
    expect(phaseAfterCorner(buildPlan(wave(all()), keys), '1:11:102')).toBe('product');
    const three = ['1:11:102', '1:12:103', '1:21:101'];
    expect(phaseAfterCorner(buildPlan(wave(all()), three), '1:21:101')).toBe('location');
    expect(phaseAfterCorner(buildPlan(wave(all()), [...three, '2:22:104']), '2:22:104')).toBeNull();
  });

  it('saves and restores the phase with the done keys in picking order', () => {
    const w = wave(all());
    const plan = buildPlan(w, ['1:21:101', '1:11:102']);
    const p = progressOf(plan, 'confirm_corner');
    expect(p).toEqual({ current_location_index: 0, current_item_index: 2, scan_step: 'confirm_corner', picked_items: ['1:21:101', '1:11:102'] });
    expect(savedKeys(p)).toEqual(['1:21:101', '1:11:102']);
    expect(resumePhase(plan, p)).toEqual({ phase: 'confirm_corner', confirmKey: '1:11:102' });
    expect(resumePhase(plan, { ...p, scan_step: 'product' })).toEqual({ phase: 'product', confirmKey: null });
    expect(resumePhase(plan, { ...p, scan_step: 'product', current_location_index: 1 })).toEqual({ phase: 'location', confirmKey: null });
    // A single-order progress is not taken for a rolling one.
    expect(savedKeys({ current_item_index: 0, current_location_index: 0, scan_step: 'ean', picked_items: ['0:0'] })).toEqual([]);
    expect(donePick(w, '1:11:102')?.corner).toBe('A');
  });

  it('maps the corners to the orders for the cart; an empty wave has no current pick', () => {
    expect(cornerAssignments(wave(all()))).toEqual({ A: 1, B: 2 });
    const plan = buildPlan(wave([]), []);
    expect(plan.current).toBe(-1);
    expect(position(plan)).toBeNull();
    expect(pickKey(all()[0])).toBe('1:21:101');
  });
});

describe('rolling position while a corner is confirmed', () => {
  it('is the place and number of the pick just taken, not of the next one', () => {
    const plan = buildPlan(wave(all()), ['1:11:102', '1:12:103', '1:21:101']);
    expect(positionOfDone(plan, '1:21:101')).toEqual({ loc: 1, locs: 2, pick: 3, picks: 3 });
    expect(position(plan)).toEqual({ loc: 2, locs: 2, pick: 1, picks: 1 });
    expect(positionOfDone(plan, '9:1:1')).toBeNull();
  });
});

describe('saved rolling positions', () => {
  it('are the same whatever the order of their fields', () => {
    const a = { current_location_index: 1, current_item_index: 2, scan_step: 'product', picked_items: ['1:2:3'] };
    const b = { picked_items: ['1:2:3'], scan_step: 'product', current_item_index: 2, current_location_index: 1 };
    expect(sameProgress(a, b)).toBe(true);
    expect(sameProgress(a, { ...b, picked_items: ['1:2:3', '4:5:6'] })).toBe(false);
    expect(sameProgress(a, { ...b, scan_step: 'location' })).toBe(false);
    expect(sameProgress(a, null)).toBe(false);
  });
});
