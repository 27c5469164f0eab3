import { describe, expect, it } from 'vitest';
import { applyOverlay, overlayRow } from '../../../sync/device/overlay';
import type { LocalEffect, OutboxEntry } from '../../../sync/device/types';

/** Row patches (a pulled working-set row changed by uncovered entries) and reservation deltas in the overlay. */

let nextId = 1;
function entry(effect: LocalEffect): OutboxEntry {
  const id = nextId++;
  return { clientId: 'dev-u1', id, name: 'x', args: {}, userId: 1, createdAt: new Date(0).toISOString(), status: 'pending', label: `#${id}`, effect };
}

const wave = () => ({
  id: 7,
  progress: null as null | { step: string },
  lines: [
    { order_item_id: 1, picked_quantity: 0 },
    { order_item_id: 2, picked_quantity: 1 },
  ],
  stops: [
    { order_item_id: 1, stock_id: 10, quantity: 3 },
    { order_item_id: 1, stock_id: 11, quantity: 2 },
    { order_item_id: 2, stock_id: 10, quantity: 4 },
  ],
});

const pick = (item: number, stock: number, q: number): LocalEffect => ({
  rows: [
    {
      table: 'waves',
      id: 7,
      add: [
        { list: 'lines', where: { order_item_id: item }, field: 'picked_quantity', delta: q },
        { list: 'stops', where: { order_item_id: item, stock_id: stock }, field: 'quantity', delta: -q },
      ],
    },
  ],
});

describe('overlayRow', () => {
  it('stacks the deltas of several entries on the matching list elements only', () => {
    const { row, pending } = overlayRow('waves', wave(), [entry(pick(1, 10, 2)), entry(pick(1, 10, 1))]);
    expect(pending).toBe(true);
    expect(row.lines).toEqual([
      { order_item_id: 1, picked_quantity: 3 },
      { order_item_id: 2, picked_quantity: 1 },
    ]);
    expect(row.stops.map((s) => s.quantity)).toEqual([0, 2, 4]);
  });

  it('never changes the stored row, and ignores patches of other tables or rows', () => {
    const stored = wave();
    const other = entry({ rows: [{ table: 'notification', id: 7, set: { progress: { step: 'x' } } }] });
    const otherRow = entry({ rows: [{ table: 'waves', id: 8, set: { progress: { step: 'x' } } }] });
    expect(overlayRow('waves', stored, [other, otherRow])).toEqual({ row: stored, pending: false });
    overlayRow('waves', stored, [entry(pick(1, 10, 2))]);
    expect(stored).toEqual(wave());
  });

  it('replaces set fields, the last entry winning', () => {
    const { row } = overlayRow('waves', wave(), [
      entry({ rows: [{ table: 'waves', id: 7, set: { progress: { step: 'location' } } }] }),
      entry({ rows: [{ table: 'waves', id: 7, set: { progress: { step: 'product' } } }] }),
    ]);
    expect(row.progress).toEqual({ step: 'product' });
  });

  it('skips a list or field that is not there (a row of another shape)', () => {
    const effect: LocalEffect = {
      rows: [
        {
          table: 'waves',
          id: 7,
          add: [
            { list: 'missing', where: {}, field: 'quantity', delta: 1 },
            { list: 'lines', where: { order_item_id: 1 }, field: 'missing', delta: 1 },
          ],
        },
      ],
    };
    expect(overlayRow('waves', wave(), [entry(effect)]).row).toEqual(wave());
  });

  it('matches with === on every where field: a missing field is not null, 1 is not "1"', () => {
    const row = {
      id: 7,
      stops: [
        { order_item_id: 1, quantity: 5 },
        { order_item_id: 1, batch: null, quantity: 5 },
        { order_item_id: '1', batch: null, quantity: 5 },
      ],
    };
    const e = entry({ rows: [{ table: 'waves', id: 7, add: [{ list: 'stops', where: { order_item_id: 1, batch: null }, field: 'quantity', delta: -2 }] }] });
    expect(overlayRow('waves', row, [e]).row.stops.map((s) => s.quantity)).toEqual([5, 3, 5]);
  });

  it('lays later deltas over a list that an earlier entry replaced as a whole', () => {
    const set = entry({ rows: [{ table: 'waves', id: 7, set: { lines: [{ order_item_id: 1, picked_quantity: 10 }] } }] });
    const { row } = overlayRow('waves', wave(), [entry(pick(1, 10, 1)), set, entry(pick(1, 10, 2))]);
    expect(row.lines).toEqual([{ order_item_id: 1, picked_quantity: 12 }]);
    expect(row.stops.map((s) => s.quantity)).toEqual([0, 2, 4]);
    // The entry's own list is copied before the later delta changes it.
    expect(set.effect?.rows?.[0].set).toEqual({ lines: [{ order_item_id: 1, picked_quantity: 10 }] });
  });

  it('stays linear for a wave of hundreds of stops under hundreds of queued picks (indexed, not scanned per delta)', () => {
    const big = {
      id: 7,
      lines: [{ order_item_id: 1, picked_quantity: 0 }],
      stops: Array.from({ length: 2000 }, (_, i) => ({ order_item_id: 1, stock_id: i, quantity: 1 })),
    };
    const picks = Array.from({ length: 2000 }, (_, i) => entry(pick(1, i, 1)));
    const t0 = performance.now();
    const { row } = overlayRow('waves', big, picks);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(row.lines[0].picked_quantity).toBe(2000);
    expect(row.stops.every((s) => s.quantity === 0)).toBe(true);
  });
});

describe('applyOverlay with reservation deltas', () => {
  it('a pick lowers quantity and reservation of its stock row together (what is free stays)', () => {
    const rows = [{ id: 10, product_id: 1, customer_id: 1, location_id: 5, batch_number: '', expiry_date: null, quantity: 10, reserved_quantity: 3 }];
    const e = entry({ stock: [{ ean: '4006381333931', location_id: 5, customer_id: 1, stock_id: 10, delta: -2, reserved: -2 }] });
    const [row] = applyOverlay(
      rows,
      () => '4006381333931',
      [e],
      () => 1,
    );
    expect(row).toMatchObject({ quantity: 8, reserved_quantity: 1, pending: true });
  });
});
