import { describe, expect, it } from 'vitest';
import { Gate } from '../../../server/features/sync/push-gate';

/** The push gate (server/features/sync/push-gate.ts): at most `limit` tasks at once, the rest in arrival order. */

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Gate', () => {
  it('runs at most the limit at once and starts the waiting ones in arrival order', async () => {
    const gate = new Gate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      gate.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    releases[1]();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer waits behind those already waiting.
    const late = gate.run(async () => {
      started.push(9);
      return 9;
    });
    for (let i = 0; i < 10 && started.length < 6; i++) {
      releases.shift()?.();
      await tick();
    }
    for (const r of releases) r();
    expect(await Promise.all([...tasks, late])).toEqual([0, 1, 2, 3, 4, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 9]);
    expect(most).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    expect(await gate.run(async () => 'weiter')).toBe('weiter');
  });
});
