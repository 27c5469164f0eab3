import type { DeviceDb } from './types';
import type { LockRunner } from './lock';
import { LAST_SYNC_KEY, pull, type Session } from './pull';
import { backoffMs, type PushOutcome, push } from './replay';
import { SyncStateStore } from './state';
import type { SyncTransport } from './transport';

/**
 * When the device talks to the server.
 *
 * Why it is shaped so: a sync round is always "push, then pull" — the pull
 * right after a push brings the server data that includes the just-applied
 * bookings, which replaces their optimistic overlay. Rounds never overlap in a
 * tab (a trigger during a round asks for one more round afterwards), and the
 * push part is additionally exclusive across tabs (lock.ts). Triggers: start,
 * the `online` event, focus/visibility, a new outbox entry, a timer every
 * 45 s while online, and after a failure a backoff timer.
 * While the browser says it is offline nothing is attempted; the queue just
 * grows and the UI keeps answering from Dexie.
 */

export const SYNC_INTERVAL_MS = 45_000;

export interface EngineEnv {
  isOnline(): boolean;
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
  isVisible(): boolean;
}

export interface EngineDeps {
  db: DeviceDb;
  transport: SyncTransport;
  lock: LockRunner;
  session: () => Session | null;
  env?: EngineEnv;
  state?: SyncStateStore;
  intervalMs?: number;
}

function browserEnv(): EngineEnv | undefined {
  if (typeof window === 'undefined') return undefined;
  return {
    isOnline: () => navigator.onLine,
    addEventListener: (t, fn) => (t === 'visibilitychange' ? document.addEventListener(t, fn) : window.addEventListener(t, fn)),
    removeEventListener: (t, fn) => (t === 'visibilitychange' ? document.removeEventListener(t, fn) : window.removeEventListener(t, fn)),
    isVisible: () => document.visibilityState !== 'hidden',
  };
}

export class SyncEngine {
  readonly state: SyncStateStore;
  private readonly env: EngineEnv | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private started = false;
  private lastPush: PushOutcome | null = null;

  constructor(private readonly deps: EngineDeps) {
    this.env = deps.env ?? browserEnv();
    this.state = deps.state ?? new SyncStateStore({ online: this.env?.isOnline() ?? true });
  }

  private readonly onOnline = () => {
    this.state.set({ online: true });
    this.failures = 0;
    this.kick();
  };
  private readonly onOffline = () => this.state.set({ online: false });
  private readonly onFocus = () => {
    if (this.env?.isVisible() ?? true) this.kick();
  };

  start(): void {
    if (this.started) return;
    this.started = true;
    const env = this.env;
    if (env) {
      env.addEventListener('online', this.onOnline);
      env.addEventListener('offline', this.onOffline);
      env.addEventListener('focus', this.onFocus);
      env.addEventListener('visibilitychange', this.onFocus);
    }
    this.interval = setInterval(() => this.kick(), this.deps.intervalMs ?? SYNC_INTERVAL_MS);
    void this.deps.db.meta.get(LAST_SYNC_KEY).then((row) => {
      if (typeof row?.value === 'string' && !this.state.get().lastSyncAt) this.state.set({ lastSyncAt: row.value });
    });
    this.kick();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    const env = this.env;
    if (env) {
      env.removeEventListener('online', this.onOnline);
      env.removeEventListener('offline', this.onOffline);
      env.removeEventListener('focus', this.onFocus);
      env.removeEventListener('visibilitychange', this.onFocus);
    }
    if (this.interval) clearInterval(this.interval);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.interval = null;
    this.retryTimer = null;
  }

  /** A new outbox entry, a login, a button: sync soon. */
  kick(): void {
    void this.syncNow();
  }

  /** After a new login of the user whose queue waits: clear the flags and sync. */
  sessionChanged(): void {
    this.state.set({ needsLogin: false });
    this.failures = 0;
    this.kick();
  }

  /** One round (or joins the running one and asks for another). Resolves when the device is idle again. */
  async syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  get lastPushOutcome(): PushOutcome | null {
    return this.lastPush;
  }

  private async round(): Promise<void> {
    const online = this.env?.isOnline() ?? true;
    this.state.set({ online });
    if (!online || !this.deps.session()) return;
    this.state.set({ syncing: true });
    let failed = false;
    try {
      const pushed = await push({ ...this.deps, state: this.state });
      this.lastPush = pushed;
      if (pushed === 'needsLogin' || pushed === 'updateRequired') return;
      failed = pushed === 'retry';
      const pulled = await pull({ ...this.deps, state: this.state });
      if (pulled === 'offline' || pulled === 'error') failed = true;
    } catch (e) {
      failed = true;
      this.state.set({ lastError: e instanceof Error ? e.message : String(e) });
    } finally {
      this.state.set({ syncing: false });
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (failed) {
      this.failures++;
      const ms = backoffMs(this.failures);
      this.state.set({ retryInMs: ms });
      if (this.started) this.retryTimer = setTimeout(() => this.kick(), ms);
    } else {
      this.failures = 0;
      this.state.set({ retryInMs: 0, lastError: null });
    }
  }
}
