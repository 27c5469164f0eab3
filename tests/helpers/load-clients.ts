import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';

/**
 * Load for the crash suite and the mixed-load bench: offline devices that replay their queues through
 * /api/sync/push and online users booking through /api/inbound with an
 * Idempotency-Key. Both keep what the server has not acknowledged and send it
 * again, exactly as the product's clients do, until it is acknowledged.
 */
export interface Target {
  url: string;
  token: string;
  booking: { ean: string; location_barcode: string; customer_id: number };
}

type Outcome = { id: number; status: string; code?: string };
const BATCH = 5;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(t: Target, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${t.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}`, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

export class Stats {
  acknowledged = 0;
  /** Requests that got no answer (the server died under them) or a 503. */
  unanswered = 0;
  /** Anything else: a refusal or a 500 is a bug this suite reports. */
  failures: string[] = [];
  /** Milliseconds of each answered push / online booking. */
  pushMs: number[] = [];
  bookingMs: number[] = [];
}

/** A device with a sync queue: mutation ids 1, 2, 3 … each inbound 1 unit. */
export class Device {
  readonly clientId = `crash-${randomUUID()}`;
  private nextId = 1;
  private queue: Array<{ id: number; name: string; args: unknown; createdAt: string }> = [];
  readonly acked = new Set<number>();

  constructor(
    private readonly t: Target,
    private readonly stats: Stats,
  ) {}

  get created(): number {
    return this.nextId - 1;
  }
  get pending(): number {
    return this.queue.length;
  }

  enqueue(): void {
    while (this.queue.length < BATCH) {
      this.queue.push({ id: this.nextId++, name: 'stock.inbound', args: { ...this.t.booking, quantity: 1 }, createdAt: new Date().toISOString() });
    }
  }

  /** One push of the queue's head; acknowledged mutations leave the queue. */
  async push(): Promise<void> {
    const mutations = this.queue.slice(0, BATCH);
    const started = performance.now();
    let res: Response;
    try {
      res = await post(this.t, '/sync/push', {
        protocolVersion: PROTOCOL_VERSION,
        schemaVersion: WORKING_SET_SCHEMA_VERSION,
        clientId: this.clientId,
        mutations,
      });
    } catch {
      this.stats.unanswered++;
      return;
    }
    if (res.status === 503) {
      this.stats.unanswered++;
      return;
    }
    const body = (await res.json()) as { results?: Outcome[] };
    if (res.status !== 200 || !body.results) {
      this.stats.failures.push(`push ${res.status} ${JSON.stringify(body)}`);
      return;
    }
    this.stats.pushMs.push(performance.now() - started);
    for (const r of body.results) {
      if (r.status !== 'applied' && r.status !== 'duplicate') this.stats.failures.push(`mutation ${r.id}: ${JSON.stringify(r)}`);
      this.acked.add(r.id);
      this.stats.acknowledged++;
    }
    this.queue = this.queue.filter((m) => !this.acked.has(m.id));
  }
}

/** A desktop user booking online, 2 units per booking, retrying with the same key. */
export class OnlineUser {
  readonly keys: string[] = [];
  private open: string | null = null;

  constructor(
    private readonly t: Target,
    private readonly stats: Stats,
  ) {}

  get pending(): number {
    return this.open ? 1 : 0;
  }

  next(): void {
    if (this.open) return;
    this.open = randomUUID();
    this.keys.push(this.open);
  }

  async book(): Promise<void> {
    if (!this.open) return;
    const started = performance.now();
    let res: Response;
    try {
      res = await post(this.t, '/inbound', { ...this.t.booking, quantity: 2 }, { 'idempotency-key': this.open });
    } catch {
      this.stats.unanswered++;
      return;
    }
    if (res.status === 503) {
      this.stats.unanswered++;
      return;
    }
    if (res.status !== 200) {
      this.stats.failures.push(`inbound ${res.status} ${await res.text()}`);
      this.open = null;
      return;
    }
    this.stats.bookingMs.push(performance.now() - started);
    this.open = null;
    this.stats.acknowledged++;
  }
}

/** Runs every client until stop() and then until each has nothing left unacknowledged (at most drainMs). */
export function runLoad(devices: Device[], users: OnlineUser[], drainMs = 30_000): { stop: () => Promise<void> } {
  let producing = true;
  let deadline = Number.POSITIVE_INFINITY;
  const loop = async (step: () => Promise<void>, fill: () => void, pending: () => number) => {
    for (;;) {
      if (producing) fill();
      else if (pending() === 0 || Date.now() > deadline) return;
      const before = pending();
      await step();
      // The server is down or restarting: retry soon, as a device does.
      if (pending() >= before && before > 0) await pause(50);
    }
  };
  const runs = [
    ...devices.map((d) =>
      loop(
        () => d.push(),
        () => d.enqueue(),
        () => d.pending,
      ),
    ),
    ...users.map((u) =>
      loop(
        () => u.book(),
        () => u.next(),
        () => u.pending,
      ),
    ),
  ];
  return {
    stop: async () => {
      producing = false;
      deadline = Date.now() + drainMs;
      await Promise.all(runs);
    },
  };
}
