import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

/**
 * Where an answer's time goes under load (docs/performance.md "Latency under a floor's load"):
 * with LATENCY_PROFILE=true the server records the time of every answer per route, how long a
 * query waited for a pooled connection, how long a booking waited in the group commit's queue and
 * how long its statement ran, the event loop's delay and the garbage collector's pauses.
 * GET /api/diagnostics/latency reads them (and starts afresh with ?reset=true). Off by default:
 * then every recording is one comparison.
 */
export const LATENCY_PROFILE = process.env.LATENCY_PROFILE === 'true';

/** Samples kept per series between two resets (the oldest are dropped beyond it). */
const MAX_SAMPLES = 200_000;

export interface Quantiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Sum of all samples, ms. */
  total: number;
}

function quantiles(xs: number[]): Quantiles {
  if (xs.length === 0) return { count: 0, p50: 0, p99: 0, max: 0, total: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { count: s.length, p50: at(50), p99: at(99), max: s[s.length - 1], total: s.reduce((a, b) => a + b, 0) };
}

export interface LatencySnapshot {
  /** Length of the recorded window, ms. */
  windowMs: number;
  /** Answer times (Fastify's elapsed time) per "METHOD route". */
  routes: Record<string, Quantiles>;
  /** Waits for a pooled PostgreSQL connection. */
  poolWait: Quantiles;
  /** Bookings' wait in the group commit's queue before their statement started. */
  groupCommitQueue: Quantiles;
  /** The group commit's statements (one per batch). */
  groupCommitStatement: Quantiles;
  /** Event-loop delay (monitorEventLoopDelay, 10 ms resolution), ms. */
  eventLoop: { p50: number; p99: number; max: number };
  /** Garbage-collector pauses. */
  gc: Quantiles;
}

class LatencyProfile {
  private series = new Map<string, number[]>();
  private started = performance.now();
  private loop: IntervalHistogram | null = null;

  start(): void {
    if (this.loop) return;
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) this.add('gc', e.duration);
    }).observe({ entryTypes: ['gc'] });
  }

  add(series: string, ms: number): void {
    if (!LATENCY_PROFILE) return;
    let xs = this.series.get(series);
    if (!xs) {
      xs = [];
      this.series.set(series, xs);
    }
    if (xs.length >= MAX_SAMPLES) xs.shift();
    xs.push(ms);
  }

  snapshot(): LatencySnapshot {
    const q = (name: string) => quantiles(this.series.get(name) ?? []);
    const routes: Record<string, Quantiles> = {};
    for (const [name, xs] of this.series) if (name.startsWith('route ')) routes[name.slice(6)] = quantiles(xs);
    const ms = (ns: number) => ns / 1e6;
    return {
      windowMs: performance.now() - this.started,
      routes,
      poolWait: q('pool'),
      groupCommitQueue: q('queue'),
      groupCommitStatement: q('statement'),
      // An empty histogram (a window shorter than its resolution) reads as no delay.
      eventLoop:
        this.loop && this.loop.count > 0
          ? { p50: ms(this.loop.percentile(50)), p99: ms(this.loop.percentile(99)), max: ms(this.loop.max) }
          : { p50: 0, p99: 0, max: 0 },
      gc: q('gc'),
    };
  }

  reset(): void {
    this.series.clear();
    this.loop?.reset();
    this.started = performance.now();
  }
}

export const latency = new LatencyProfile();

/** Times every pool.connect() (the wait for a free connection) into the profile. */
export function timePoolWaits(pool: { connect: (...args: never[]) => unknown }): void {
  if (!LATENCY_PROFILE) return;
  const connect = pool.connect.bind(pool) as () => Promise<unknown>;
  (pool as { connect: () => Promise<unknown> }).connect = async () => {
    const t = performance.now();
    const client = await connect();
    latency.add('pool', performance.now() - t);
    return client;
  };
}
