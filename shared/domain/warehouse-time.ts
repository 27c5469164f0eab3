import { WAREHOUSE_TIME_ZONE } from '../constants';

/**
 * Calendar days and hours of the warehouse (Europe/Berlin), whatever the
 * server's or the browser's own time zone: a day is `YYYY-MM-DD` there.
 */
function partsOf(d: Date): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: WAREHOUSE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(fmt.formatToParts(d).map((p) => [p.type, p.value]));
}

/** The warehouse's date (YYYY-MM-DD) and hour (0–23) at the instant `d`. */
export function warehouseDayHour(d: Date): { day: string; hour: number } {
  const p = partsOf(d);
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

/** The calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The instant `minutes` after the warehouse's midnight of `day` (daylight saving time included). */
export function warehouseTime(day: string, minutes: number): Date {
  const wall = new Date(`${day}T00:00:00Z`).getTime() + minutes * 60_000;
  const offsetAt = (t: number) => {
    const p = partsOf(new Date(t));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - t;
  };
  // The offset at the wall-clock reading taken as UTC can be the other side of a switch: correct once more.
  return new Date(wall - offsetAt(wall - offsetAt(wall)));
}
