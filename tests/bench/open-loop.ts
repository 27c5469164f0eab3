import type { Booker, BookingFigures } from './booking';
import { percentile } from './setup';

/**
 * Open-loop load: requests start at a fixed rate whatever the
 * server answers, as many handhelds do, and each latency is counted from the
 * moment its request was due, so a stalled server shows in the figures
 * instead of slowing the load down (no coordinated omission). Closed-loop
 * p99 at saturation only measures the queue; this measures what a handheld
 * feels at a given load.
 */
export async function openLoop(b: Booker, ratePerSecond: number, ms: number): Promise<BookingFigures & { rate: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.floor((ratePerSecond * ms) / 1000);
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) * ratePerSecond) / 1000) + 1);
      while (sent < due) {
        const scheduled = started + (sent * 1000) / ratePerSecond;
        sent++;
        inFlight.push(
          b
            .one()
            .catch(() => false)
            .then((ok) => {
              latencies.push(performance.now() - scheduled);
              if (!ok) errors++;
            }),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((x, y) => x - y);
  return {
    count: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
    rate: ratePerSecond,
  };
}
