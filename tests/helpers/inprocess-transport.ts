import type { FastifyInstance } from 'fastify';
import type { HttpAnswer, SyncTransport } from '../../sync/device/transport';
import { PROTOCOL_VERSION, type PullRequest, type PushRequest } from '../../sync/protocol';

/**
 * The device's network, replaced by the REAL /api/sync/push and /api/sync/pull
 * handlers of an in-process app (`app.inject`): same routing, auth guard, zod
 * schemas, service functions and database as production. Answers are never
 * thrown, exactly like fetchTransport: a non-JSON body becomes null.
 */
async function post(app: FastifyInstance, url: string, payload: PushRequest | PullRequest, token: string): Promise<HttpAnswer> {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    // an empty body: the status decides, as in fetchTransport
  }
  return { status: res.statusCode, body };
}

export function inProcessTransport(app: FastifyInstance): SyncTransport {
  return {
    push: (req, token) => post(app, '/api/sync/push', req, token),
    pull: (req, token) => post(app, '/api/sync/pull', req, token),
  };
}

/**
 * One injected fault for the next push:
 * - status: the request never reaches the server (0 = network down, 503 = a proxy in between);
 * - drop: the server handles and commits the push, but the answer is lost on the way back (status 0);
 * - outdated: the push goes out with an older protocolVersion, so the REAL server answers 426.
 */
type PushFault = { kind: 'status'; status: number } | { kind: 'drop' } | { kind: 'outdated' };
type PullFault = { kind: 'status'; status: number } | { kind: 'unknownCookie' };

/** What a request that never reached the server gets back (a proxy's error, or nothing at all). */
function synthetic(status: number): HttpAnswer {
  return { status, body: status === 0 ? null : { detail: `Testfehler (HTTP ${status})`, code: 'TEST_INJECTED' } };
}

/**
 * The same snapshot position with another scope tag (the cookie's low 10 bits):
 * toggling the lowest bit arithmetically, because cookies exceed 2^31 on a
 * long-lived PostgreSQL cluster and bit operators would truncate them.
 */
function otherTag(cookie: number): number {
  return cookie % 2 === 0 ? cookie + 1 : cookie - 1;
}

/**
 * A thin wrapper around a real transport for fault injection and for
 * observing what the device sent and received. The server itself is never
 * faked: every request that "gets through" is handled by the real app.
 */
export class FaultyTransport implements SyncTransport {
  /** Every push as the device sent it, including those answered by an injected fault. */
  readonly pushes: PushRequest[] = [];
  /** The answers the device received for `pushes`, same order. */
  readonly pushAnswers: HttpAnswer[] = [];
  readonly pulls: PullRequest[] = [];
  readonly pullAnswers: HttpAnswer[] = [];
  /** Latency added to every request (push and pull), to make overlapping requests observable. */
  delayMs = 0;
  /** Requests (push or pull) in flight right now, and the most ever seen at once. */
  inFlight = 0;
  maxInFlight = 0;
  private readonly pushFaults: PushFault[] = [];
  private readonly pullFaults: PullFault[] = [];

  constructor(private readonly inner: SyncTransport) {}

  /** The next pushes are answered with these statuses without reaching the server (0 = no network). */
  failNext(...statuses: number[]): void {
    for (const status of statuses) this.pushFaults.push({ kind: 'status', status });
  }

  /** The next push is committed by the server, but its answer is lost (the device sees status 0). */
  dropResponseNext(): void {
    this.pushFaults.push({ kind: 'drop' });
  }

  /** The next push carries an older protocol version: the real server refuses it with 426. */
  outdatedNext(): void {
    this.pushFaults.push({ kind: 'outdated' });
  }

  failNextPull(...statuses: number[]): void {
    for (const status of statuses) this.pullFaults.push({ kind: 'status', status });
  }

  /**
   * The next pull sends a cookie the server cannot use (its scope tag no longer
   * matches, as after a restore or a scope change): the real server answers
   * with `reset` and a full snapshot.
   */
  unknownCookieNextPull(): void {
    this.pullFaults.push({ kind: 'unknownCookie' });
  }

  private async track<T>(fn: () => Promise<T>): Promise<T> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      return await fn();
    } finally {
      this.inFlight--;
    }
  }

  async push(req: PushRequest, token: string): Promise<HttpAnswer> {
    // A deep copy: the device must not be able to change what we recorded afterwards.
    this.pushes.push(structuredClone(req));
    const answer = await this.track(async () => {
      const fault = this.pushFaults.shift();
      if (fault?.kind === 'status') return synthetic(fault.status);
      if (fault?.kind === 'outdated') return this.inner.push({ ...req, protocolVersion: PROTOCOL_VERSION - 1 }, token);
      const real = await this.inner.push(req, token);
      return fault?.kind === 'drop' ? synthetic(0) : real;
    });
    this.pushAnswers.push(answer);
    return answer;
  }

  async pull(req: PullRequest, token: string): Promise<HttpAnswer> {
    this.pulls.push(structuredClone(req));
    const answer = await this.track(async () => {
      const fault = this.pullFaults.shift();
      if (fault?.kind === 'status') return synthetic(fault.status);
      if (fault?.kind === 'unknownCookie') return this.inner.pull({ ...req, cookie: req.cookie === null ? null : otherTag(req.cookie) }, token);
      return this.inner.pull(req, token);
    });
    this.pullAnswers.push(answer);
    return answer;
  }

  /** The mutation ids of each push, in order (what went over the wire). */
  pushedIds(): number[][] {
    return this.pushes.map((p) => p.mutations.map((m) => m.id));
  }
}
