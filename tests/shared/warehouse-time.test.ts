import { describe, expect, it } from 'vitest';
import { addDays, warehouseDayHour, warehouseTime } from '../../shared/domain/warehouse-time';

describe('warehouse time (Europe/Berlin)', () => {
  it('names the Berlin day and hour of an instant', () => {
    expect(warehouseDayHour(new Date('2026-03-09T23:30:00Z'))).toEqual({ day: '2026-03-10', hour: 0 });
    expect(warehouseDayHour(new Date('2026-07-01T21:59:00Z'))).toEqual({ day: '2026-07-01', hour: 23 });
    expect(warehouseDayHour(new Date('2026-07-01T22:00:00Z'))).toEqual({ day: '2026-07-02', hour: 0 });
  });

  it('turns a Berlin wall-clock time into an instant, in winter, in summer and on the switch days', () => {
    expect(warehouseTime('2026-01-10', 6 * 60).toISOString()).toBe('2026-01-10T05:00:00.000Z');
    expect(warehouseTime('2026-07-10', 16 * 60 + 5).toISOString()).toBe('2026-07-10T14:05:00.000Z');
    // 29 March 2026: clocks jump from 02:00 to 03:00.
    expect(warehouseTime('2026-03-29', 3 * 60).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(warehouseTime('2026-03-29', 60).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    // 25 October 2026: back from 03:00 to 02:00; 16:00 is CET again.
    expect(warehouseTime('2026-10-25', 16 * 60).toISOString()).toBe('2026-10-25T15:00:00.000Z');
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-10', -29)).toBe('2026-02-09');
  });
});
