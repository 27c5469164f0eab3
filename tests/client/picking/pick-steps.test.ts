import { describe, expect, it } from 'vitest';
import {
  buildItems,
  next,
  normalize,
  prev,
  progressOf,
  resumePosition,
  unitLabel,
  veRows,
  veTotal,
  veValid,
} from '../../../client/features/picking/pick-steps';
import type { WsWave, WsWaveLine, WsWaveStop } from '../../../shared/schemas/picking';

/** A wave of one order: line 1 (2 stops), line 2 (1 stop), line 3 already picked (no stop). */
function line(id: number, ordered: number, picked = 0, box: number | null = null): WsWaveLine {
  return {
    order_id: 1,
    order_item_id: id,
    product_id: id,
    product_ean: `400000000000${id}`,
    product_title: `Artikel ${id}`,
    unit: 'piece',
    quantity_ordered: ordered,
    picked_quantity: picked,
    units_per_box: box,
    boxes_per_pallet: null,
  };
}
function stop(item: number, sequence: number, quantity: number, barcode: string): WsWaveStop {
  return {
    sequence,
    order_id: 1,
    order_item_id: item,
    location_id: sequence,
    location_barcode: barcode,
    full_path: `Halle 1 / ${barcode}`,
    batch_number: '',
    expiry_date: null,
    rack_code: barcode[0],
    level_code: '01',
    compartment_code: '01',
    quantity,
    stock_id: 100 + sequence,
  };
}
function wave(stops: WsWaveStop[], lines = [line(1, 5), line(2, 3), line(3, 2, 2)]): WsWave {
  return {
    id: 7,
    wave_number: 'W-2026-000007',
    name: 'Welle',
    status: 'picking',
    pallet_barcode: 'DISP-AAAAAAAA',
    picker_user_id: 3,
    creation_method: 'single',
    progress: null,
    orders: [{ id: 1, order_number: 'A-1', status: 'picking', delivery_name: 'X', customer_id: 1, pallet_corner: 'A' }],
    lines,
    stops,
    route_length_m: 10,
  };
}
const full = () => wave([stop(2, 1, 3, 'A-01'), stop(1, 2, 2, 'B-01'), stop(1, 3, 3, 'C-01')]);

describe('single-order picking steps', () => {
  it('orders products by their first open stop, done products first, and computes the shortage', () => {
    const items = buildItems(full());
    expect(items.map((i) => i.line.order_item_id)).toEqual([3, 2, 1]);
    expect(items[2].stops.map((s) => s.location_barcode)).toEqual(['B-01', 'C-01']);
    const short = buildItems(wave([stop(1, 1, 3, 'B-01')], [line(1, 5)]));
    expect(short[0].shortage).toBe(2);
  });

  it('offers nothing of an order cancelled in the office', () => {
    const w = full();
    expect(buildItems({ ...w, orders: [{ ...w.orders[0], status: 'cancelled' }] })).toEqual([]);
  });

  it('walks Weiter/Zurück over open stops only and knows first and last', () => {
    const items = buildItems(full());
    const start = normalize(items, { item: 0, loc: 0 });
    expect(start).toEqual({ item: 1, loc: 0 });
    expect(start && prev(items, start)).toBeNull();
    const b = start && next(items, start);
    expect(b).toEqual({ item: 2, loc: 0 });
    const c = b && next(items, b);
    expect(c).toEqual({ item: 2, loc: 1 });
    expect(c && next(items, c)).toBeNull();
    expect(c && prev(items, c)).toEqual({ item: 2, loc: 0 });
    expect(b && prev(items, b)).toEqual({ item: 1, loc: 0 });
  });

  it('moves on to the next open stop when the current one was picked empty, and to nothing when all are', () => {
    const after = buildItems(wave([stop(2, 1, 3, 'A-01'), stop(1, 2, 0, 'B-01'), stop(1, 3, 3, 'C-01')]));
    // the cursor was on B-01 (item 2, loc 0): B-01 is gone, C-01 is now loc 0 of the same product
    expect(normalize(after, { item: 2, loc: 0 })).toEqual({ item: 2, loc: 0 });
    expect(after[2].stops[0].location_barcode).toBe('C-01');
    // the last stop of the last product picked: on to the one still open (before it)
    const lastDone = buildItems(wave([stop(2, 1, 3, 'A-01'), stop(1, 2, 0, 'B-01'), stop(1, 3, 0, 'C-01')]));
    const c = normalize(lastDone, { item: 2, loc: 1 });
    expect(c && lastDone[c.item].stops[c.loc].location_barcode).toBe('A-01');
    expect(normalize(buildItems(wave([])), { item: 0, loc: 0 })).toBeNull();
  });

  it('resumes at the saved position and step, or at the first open stop when it is no longer open', () => {
    const items = buildItems(full());
    expect(resumePosition(items, progressOf({ item: 2, loc: 1 }, 'location'))).toEqual({ cursor: { item: 2, loc: 1 }, step: 'location' });
    expect(resumePosition(items, null)).toEqual({ cursor: { item: 1, loc: 0 }, step: 'ean' });
    // saved on a stop that another device has picked since: the next open one, from step 1
    const fewer = buildItems(wave([stop(2, 1, 3, 'A-01'), stop(1, 2, 2, 'B-01')]));
    expect(resumePosition(fewer, progressOf({ item: 2, loc: 1 }, 'location'))).toEqual({ cursor: { item: 1, loc: 0 }, step: 'ean' });
  });

  it('VE dialog: presets the recommendation, totals pieces and accepts 1 … target', () => {
    const rows = veRows({ units_per_box: 6, boxes_per_pallet: 10 }, 20);
    expect(rows).toEqual([
      { name: 'Palette', unit_size: 60, count: 0 },
      { name: 'Karton', unit_size: 6, count: 3 },
      { name: 'Stück', unit_size: 1, count: 2 },
    ]);
    expect(veTotal(rows)).toBe(20);
    expect(veValid(rows, 20)).toBe(true);
    const more = rows.map((r) => (r.name === 'Karton' ? { ...r, count: 4 } : r));
    expect(veTotal(more)).toBe(26);
    expect(veValid(more, 20)).toBe(false);
    expect(
      veValid(
        rows.map((r) => ({ ...r, count: 0 })),
        20,
      ),
    ).toBe(false);
    expect(veRows({ units_per_box: null, boxes_per_pallet: null }, 4)).toEqual([{ name: 'Stück', unit_size: 1, count: 4 }]);
  });

  it('shows unit codes in German', () => {
    expect(unitLabel('piece')).toBe('Stück');
    expect(unitLabel('box')).toBe('Karton');
    expect(unitLabel('Liter')).toBe('Liter');
  });
});
