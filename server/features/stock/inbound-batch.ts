import type { InboundRequest, InboundResponse } from '../../../shared/schemas/stock';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';
import { type IdempotentResult, runIdempotent } from '../../http-idempotency';
import { bookInboundAnswers, type InboundItem } from './inbound-many';
import { assertInboundAllowed, bookInbound } from './service';
import { latency } from '../../diagnostics/latency';

/**
 * Group commit for online Einlagern (POST /inbound, with or without Idempotency-Key; docs/operations.md "Stock bookings").
 *
 * Why it is shaped so: one booking statement costs PostgreSQL far more than the booking's own
 * rows (parse, plan, lock, WAL flush per statement); many handhelds booking at once pay that
 * once per booking. Here bookings that arrive while MAX_IN_FLIGHT statements are already running
 * wait for the next free slot and are then booked together in ONE statement (inbound-many.ts:
 * the same answers as one after another, one movement per booking in arrival order). Nothing
 * waits on a timer: a booking that finds a free slot runs at once, alone, exactly as before, so
 * a quiet warehouse sees no extra latency; batches form only under load.
 * The set statement writes only when every booking of the batch may be booked; otherwise (an
 * unknown EAN, an inactive place, a deadlock) each booking of the batch runs again on its own
 * and gets its own answer or refusal, as without batching.
 * Checks that need no database (role, customer scope, quantity) refuse before queueing.
 * A keyed booking's key row is written by the booking statement (inbound-many.ts); a lone keyed
 * booking takes that statement too, and in the fallback runs under runIdempotent as before.
 * Requests with the same user and key wait for each other here, so a retry storm of one client
 * does not undo the batches its copies would share (the database would keep them apart anyway).
 */

/** Statements at once (the pool holds 20 connections; the other routes need theirs). */
export const MAX_IN_FLIGHT = 4;
/** Bookings per statement at most (the replay's run limit, sync/server/push-span.ts). */
export const MAX_BATCH = 100;

/**
 * Did the batch statement certainly write nothing? A refusal (the statement books only when every
 * booking may be booked), or an error PostgreSQL reported for the statement (a SQLSTATE; the
 * statement's implicit transaction is then undone) — except class 08, a broken connection.
 */
export function statementUndone(e: unknown): boolean {
  if (e instanceof AppError) return true;
  const code = pgErrorCode(e) ?? '';
  return /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08');
}

interface Pending extends InboundItem {
  /** When it was queued (performance.now()), for the latency profile. */
  queuedAt: number;
  resolve: (r: IdempotentResult<InboundResponse>) => void;
  reject: (e: unknown) => void;
}

type Keyed = NonNullable<InboundItem['idem']>;

export class InboundBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  /** Statements run and bookings they carried (for tests and the bench). */
  readonly stats = { statements: 0, bookings: 0, fallbacks: 0 };
  /** The last booking queued per user and key, which the next one with that key waits for. */
  private readonly keys = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly maxInFlight = MAX_IN_FLIGHT,
  ) {}

  book(actor: Actor, input: InboundRequest): Promise<InboundResponse> {
    assertInboundAllowed(actor, input);
    return this.enqueue({ actor, input }).then((r) => r.body);
  }

  /** A booking with an Idempotency-Key: booked once per (user, key); a known key answers its stored response. */
  bookKeyed(actor: Actor, input: InboundRequest, idem: Keyed): Promise<IdempotentResult<InboundResponse>> {
    assertInboundAllowed(actor, input);
    const id = `${actor.id}:${idem.key}`;
    const before = this.keys.get(id);
    const mine = before ? before.then(() => this.enqueue({ actor, input, idem })) : this.enqueue({ actor, input, idem });
    const settled = mine.catch(() => undefined);
    this.keys.set(id, settled);
    void settled.then(() => {
      if (this.keys.get(id) === settled) this.keys.delete(id);
    });
    return mine;
  }

  private enqueue(item: InboundItem): Promise<IdempotentResult<InboundResponse>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...item, queuedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      const started = performance.now();
      for (const p of batch) latency.add('queue', started - p.queuedAt);
      void this.run(batch).finally(() => {
        latency.add('statement', performance.now() - started);
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    this.stats.statements++;
    this.stats.bookings += batch.length;
    if (batch.length > 1 || batch[0].idem) {
      try {
        const answers = await bookInboundAnswers(this.db, batch);
        for (const [i, p] of batch.entries()) settle(p, answers[i]);
        return;
      } catch (e) {
        // Nothing was written when a booking was refused or PostgreSQL answered with an error: each
        // booking again on its own. A lost connection may have struck after the commit, so booking
        // again could book twice: every booking of the batch gets that fault instead.
        if (!statementUndone(e)) {
          for (const p of batch) p.reject(e);
          return;
        }
        // A lone booking's refusal is its answer (nothing written, its key still free).
        if (batch.length === 1 && e instanceof AppError) {
          batch[0].reject(e);
          return;
        }
        this.stats.fallbacks++;
      }
    }
    await Promise.all(batch.map((p) => alone(this.db, p).then(p.resolve, p.reject)));
  }
}

function settle(p: Pending, answer: () => IdempotentResult<InboundResponse>): void {
  try {
    p.resolve(answer());
  } catch (e) {
    p.reject(e);
  }
}

/** One booking in its own statement; a keyed one in a transaction with its key (http-idempotency.ts), as before the group commit. */
async function alone(db: Db, p: Pending): Promise<IdempotentResult<InboundResponse>> {
  if (!p.idem) return { body: await bookInbound(db, p.actor, p.input), replayed: false };
  return runIdempotent(db, p.actor, p.idem.key, p.idem.request, (trx) => bookInbound(trx, p.actor, p.input));
}
