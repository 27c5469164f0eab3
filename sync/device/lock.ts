/**
 * "Only one tab pushes" (docs/sync.md). The Web Locks API gives an exclusive lock
 * shared by every tab of the origin and released when a tab dies, which a
 * localStorage flag cannot do. A push run asks with ifAvailable: when another
 * tab holds the lock it is already pushing the same queue, so this tab simply
 * skips instead of queueing a second push behind it.
 */

export const SYNC_LOCK_NAME = 'lagerwerk-sync';

/** Runs fn while holding the lock; resolves to null without running when the lock is taken. */
export type LockRunner = <T>(fn: () => Promise<T>) => Promise<T | null>;

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
}

/** Exclusive within this JS realm only (tests, browsers without navigator.locks). */
export function inMemoryLock(): LockRunner {
  let held = false;
  return async <T>(fn: () => Promise<T>): Promise<T | null> => {
    if (held) return null;
    held = true;
    try {
      return await fn();
    } finally {
      held = false;
    }
  };
}

/** Web Locks when available (all tabs), otherwise the in-memory fallback. */
export function webLock(
  locks: LockManagerLike | undefined = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks,
  name = SYNC_LOCK_NAME,
): LockRunner {
  if (!locks) return inMemoryLock();
  return async <T>(fn: () => Promise<T>): Promise<T | null> => locks.request<T | null>(name, { ifAvailable: true }, async (lock) => (lock ? fn() : null));
}
