import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LagerwerkDb } from '../../../client/db';
import { clientIdFor, enqueue, markApplied, pendingOf, takeBatch } from '../../../sync/device/outbox';

/** Last-write-wins entries (EnqueueInput.replaceKey): overwritten in place while unsent, never once a push has taken them. */

const open: LagerwerkDb[] = [];
function freshDb(): LagerwerkDb {
  const db = new LagerwerkDb(`outbox-replace-${Math.random()}`);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const progress = (db: LagerwerkDb, wave: number, step: string) =>
  enqueue(db, {
    userId: 1,
    name: 'picking.saveProgress',
    args: { wave_id: wave, step },
    label: step,
    effect: { rows: [{ table: 'waves', id: wave, set: { progress: { step } } }] },
    replaceKey: `picking.saveProgress:${wave}`,
  });
const pick = (db: LagerwerkDb, n: number) => enqueue(db, { userId: 1, name: 'picking.pick', args: { n }, label: `pick ${n}` });

async function stream(db: LagerwerkDb) {
  return (await pendingOf(db, await clientIdFor(db, 1))).map((e) => [e.id, e.name, e.args]);
}

describe('replaceable outbox entries', () => {
  it('overwrite the unsent entry of the same key in place (same id, newest args and effect), other entries append in order', async () => {
    const db = freshDb();
    await progress(db, 7, 'ean');
    await pick(db, 1);
    await progress(db, 7, 'location');
    const third = await progress(db, 7, 'done');
    await progress(db, 8, 'ean');
    expect(third.id).toBe(1);
    expect(await stream(db)).toEqual([
      [1, 'picking.saveProgress', { wave_id: 7, step: 'done' }],
      [2, 'picking.pick', { n: 1 }],
      [3, 'picking.saveProgress', { wave_id: 8, step: 'ean' }],
    ]);
    const stored = await db.outbox.get([third.clientId, 1]);
    expect(stored?.effect?.rows?.[0].set).toEqual({ progress: { step: 'done' } });
    expect(stored?.label).toBe('done');
    // The next new id follows the highest one handed out: no gap, nothing reused.
    expect((await pick(db, 2)).id).toBe(4);
  });

  it('are never overwritten once a push has taken them, even when the push failed and they are still pending', async () => {
    const db = freshDb();
    await progress(db, 7, 'ean');
    await pick(db, 1);
    const clientId = await clientIdFor(db, 1);
    expect((await takeBatch(db, clientId, 1, 100)).map((e) => e.id)).toEqual([1, 2]);
    // No answer (network gone): entry 1 may be on the server already, so the new position is a new entry.
    expect((await progress(db, 7, 'location')).id).toBe(3);
    expect((await progress(db, 7, 'done')).id).toBe(3);
    expect((await db.outbox.get([clientId, 1]))?.args).toEqual({ wave_id: 7, step: 'ean' });
  });

  it('take only the batch into the push mark, so entries beyond the batch stay replaceable', async () => {
    const db = freshDb();
    await pick(db, 1);
    await progress(db, 7, 'ean');
    const clientId = await clientIdFor(db, 1);
    expect((await takeBatch(db, clientId, 1, 1)).map((e) => e.id)).toEqual([1]);
    expect((await progress(db, 7, 'location')).id).toBe(2);
    expect(await stream(db)).toEqual([
      [1, 'picking.pick', { n: 1 }],
      [2, 'picking.saveProgress', { wave_id: 7, step: 'location' }],
    ]);
  });

  it('are not overwritten after the server answered them', async () => {
    const db = freshDb();
    const first = await progress(db, 7, 'ean');
    await markApplied(db, first.clientId, first.id, {});
    expect((await progress(db, 7, 'location')).id).toBe(2);
    expect((await db.outbox.get([first.clientId, 1]))?.args).toEqual({ wave_id: 7, step: 'ean' });
  });

  it('are serialised with concurrent enqueues: every write lands, the last one of the key wins', async () => {
    const db = freshDb();
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? pick(db, i) : progress(db, 7, `s${i}`))));
    const s = await stream(db);
    expect(s.map(([id]) => id)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(s.filter(([, name]) => name === 'picking.pick')).toHaveLength(10);
    expect(s.filter(([, name]) => name === 'picking.saveProgress')).toEqual([[1, 'picking.saveProgress', { wave_id: 7, step: 's18' }]]);
  });
});
