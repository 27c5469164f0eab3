/**
 * What the sync engine tells the UI, as a tiny observable (no React here; the
 * hook in client/sync/useSyncState.ts subscribes). Counts of the outbox come
 * from Dexie live queries, not from here.
 */
export interface SyncState {
  online: boolean;
  /** A push or pull is running. */
  syncing: boolean;
  /** The server answered 401: the queue waits for the same user to log in again. */
  needsLogin: boolean;
  /** 426: the app is too old for the server; the queue is kept until the update. */
  updateRequired: boolean;
  /** ISO time of the last successful pull. */
  lastSyncAt: string | null;
  /** German text of the last infrastructure problem (503, network), null when fine. */
  lastError: string | null;
  /** Milliseconds until the next automatic retry after a failure (0: none scheduled). */
  retryInMs: number;
}

export class SyncStateStore {
  private state: SyncState;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Partial<SyncState> = {}) {
    this.state = {
      online: true,
      syncing: false,
      needsLogin: false,
      updateRequired: false,
      lastSyncAt: null,
      lastError: null,
      retryInMs: 0,
      ...initial,
    };
  }

  get = (): SyncState => this.state;

  set(patch: Partial<SyncState>): void {
    const next = { ...this.state, ...patch };
    if ((Object.keys(patch) as Array<keyof SyncState>).every((k) => this.state[k] === next[k])) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
}
