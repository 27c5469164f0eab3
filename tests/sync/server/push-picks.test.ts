import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../server/auth/actor';
import type { Database } from '../../../server/db/schema';
import { pushDeps } from '../../../server/features/sync/service';
import { type Mutation, PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import { handlePush, type PushDeps } from '../../../sync/server/push';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { expectReservationInvariant } from '../../server/outbound-orders/world';
import { buildReplayWorld, type PickScan, type ReplayWorld, scanMutation, snapshot } from './pick-replay-world';
import { newClientId } from './sync-helpers';

/**
 * The set-based replay of picking.pick (server/features/picking/picks-many.ts,
 * docs/sync.md "Set-based replay"): the same pushes applied set-based and one
 * by one (the reference: every mutation alone) give the same answers,
 * refusals, stock, reservations, pick lines, movements and logged outcomes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The app's push dependencies; `sets: false` runs every mutation alone. Counts set-based steps, the mutations they carried and the steps that failed. */
function depsFor(sets: boolean) {
  const base = pushDeps(t.db, t.config);
  const steps = { runs: 0, mutations: 0, failed: 0 };
  const deps: PushDeps<Database, Actor> = sets
    ? {
        ...base,
        executeMany: async (trx, actor, clientId, ms) => {
          steps.runs++;
          steps.mutations += ms.length;
          try {
            return await (base.executeMany as NonNullable<typeof base.executeMany>)(trx, actor, clientId, ms);
          } catch (e) {
            steps.failed++;
            throw e;
          }
        },
      }
    : { ...base, batchable: () => false };
  return { deps, steps };
}

/** Pushes [from, to) of the scans (ids 1…) as one batch each, in order. */
async function replay(deps: PushDeps<Database, Actor>, x: ReplayWorld, clientId: string, scans: PickScan[], pushes: Array<[number, number]>) {
  const answers = [];
  for (const [from, to] of pushes) {
    const mutations: Mutation[] = scans.slice(from, to).map((s, k) => scanMutation(x, from + k + 1, s));
    const out = await handlePush(deps, x.actor, { protocolVersion: PROTOCOL_VERSION, schemaVersion: WORKING_SET_SCHEMA_VERSION, clientId, mutations });
    expect(out.kind).toBe('ok');
    answers.push(out.body);
  }
  return answers;
}

/** Both ways on two copies of the world; their normalised answers and rows. */
async function bothWays(scans: PickScan[], pushes: Array<[number, number]>) {
  const out = [];
  for (const sets of [true, false]) {
    const x = await buildReplayWorld(t);
    const { deps, steps } = depsFor(sets);
    const clientId = newClientId();
    const answers = await replay(deps, x, clientId, scans, pushes);
    const { rows, normalised } = await snapshot(t.db, x, clientId);
    out.push({ answers: normalised(answers) as typeof answers, rows, steps });
  }
  expect(await ledgerMismatches(t.db)).toEqual([]);
  await expectReservationInvariant(t.db);
  return { sets: out[0], alone: out[1] };
}

const P = (wave: number, order: number, product: number, place: number, quantity: number, more: Partial<PickScan> = {}): PickScan => ({
  wave,
  order,
  product,
  place,
  quantity,
  ...more,
});

describe('set-based replay of picking.pick', () => {
  it('answers, refuses and books a varied shift exactly as one by one', async () => {
    // Products: 0 loose, 1 VE product, 2 p3 (on the blocked place 3), 3 stray (in no order). Waves: 0 A, 1 B completed, 2 C taken, 3 D cancelled order.
    const scans: PickScan[] = [
      P(0, 0, 0, 0, 3),
      P(0, 0, 0, 0, 2, { lower: true }),
      P(0, 0, 1, 0, 1), // wrong place
      P(0, 0, 0, 0, 5), // more than the place holds
      P(0, 0, 1, 2, 1, { shortage: true }), // another command between picks
      P(0, 0, 1, 2, 2),
      P(0, 0, 1, 2, 2), // the same scan again: the place holds 1 now
      P(1, 1, 0, 1, 1), // completed wave
      P(0, 1, 0, 1, 1), // order not in the wave
      P(0, 0, 3, 0, 1), // product not in the order
      P(2, 2, 0, 1, 1), // wave held by another picker
      P(3, 3, 1, 2, 1), // cancelled order
      P(-1, 0, 0, 0, 1), // no such wave
      P(0, 0, 2, 3, 1), // blocked place
      P(0, 0, 0, 1, 2),
      P(0, 0, 0, 0, 4), // more than the line still needs
      P(0, 0, 0, 0, 3),
      P(0, 0, 0, 0, 1), // line complete
      P(0, 0, 1, 2, 1, { batch: 'X9' }), // wrong batch
      P(0, 0, 1, 2, 1),
      P(0, 0, 1, 2, 1), // nothing reserved left for the line
      P(0, 0, 0, 0, 0), // invalid args: that run falls back to one by one
      P(0, 0, 0, 1, 1),
    ];
    const { sets, alone } = await bothWays(scans, [
      [0, 10],
      [0, 21], // re-pushed: 1–10 answered from the log
      [0, 23],
    ]);
    expect(sets.answers).toEqual(alone.answers);
    expect(sets.rows).toEqual(alone.rows);
    expect(sets.steps.runs).toBeGreaterThan(2);
    // Only the run with the invalid args fell back.
    expect(sets.steps.failed).toBe(1);
    const last = sets.answers[2].results;
    expect(last.map((r) => (r.status === 'duplicate' ? r.status : (r.code ?? r.status)))).toEqual([
      ...['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate'],
      ...['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate'],
      'VALIDATION',
      'PICK_TOO_MANY',
    ]);
    expect(sets.rows.logged.map((l) => l.code ?? l.status)).toEqual([
      'applied',
      'applied',
      'PICK_WRONG_LOCATION',
      'PICK_LOCATION_INSUFFICIENT',
      'applied',
      'applied',
      'PICK_LOCATION_INSUFFICIENT',
      'WAVE_STATUS_CONFLICT',
      'PICK_ORDER_NOT_IN_WAVE',
      'PICK_PRODUCT_NOT_IN_ORDER',
      'WAVE_TAKEN',
      'PICK_ORDER_CANCELLED',
      'WAVE_NOT_FOUND',
      'LOCATION_BLOCKED',
      'applied',
      'PICK_TOO_MANY',
      'applied',
      'PICK_TOO_MANY',
      'PICK_WRONG_BATCH',
      'applied',
      'PICK_WRONG_LOCATION',
      'VALIDATION',
      'PICK_TOO_MANY',
    ]);
  });

  for (const seed of [7, 42]) {
    it(`gives the answers and rows of one by one for random pushes (seed ${seed})`, async () => {
      const rnd = mulberry32(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      const scans: PickScan[] = Array.from({ length: 70 }, () =>
        P(pick([0, 0, 0, 0, 0, 0, 1, 2, 3]), pick([0, 0, 0, 0, 1]), pick([0, 0, 0, 1, 1, 2, 3]), pick([0, 0, 1, 1, 2, 3, 4]), pick([1, 1, 1, 2, 3]), {
          lower: rnd() < 0.2,
          ...(rnd() < 0.1 ? { batch: pick(['L7', 'l7', 'X']) } : {}),
          shortage: rnd() < 0.08,
        }),
      );
      // Pushes of random length, some starting again before the last one's end (a lost answer).
      const pushes: Array<[number, number]> = [];
      for (let from = 0; from < scans.length; ) {
        const to = Math.min(scans.length, from + 1 + Math.floor(rnd() * 25));
        pushes.push([from, to]);
        from = rnd() < 0.3 ? Math.max(0, to - Math.floor(rnd() * 5)) : to;
        if (from === to && to < scans.length && rnd() < 0.1) pushes.push([Math.max(0, from - 3), from]);
      }
      const { sets, alone } = await bothWays(scans, pushes);
      expect(sets.answers).toEqual(alone.answers);
      expect(sets.rows).toEqual(alone.rows);
      expect(sets.steps.mutations).toBeGreaterThan(30);
      expect(sets.steps.failed).toBe(0);
      const statuses = sets.rows.logged.map((l) => l.status);
      expect(statuses).toContain('applied');
      expect(statuses).toContain('rejected');
    });
  }
});

/** A small seeded generator, so a failing case can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
