import { startSync } from '../sync/engine';
import { requestPersistentStorage } from './pwa';

export { SyncStatusBadge } from '../sync/StatusBadge';

/**
 * What the first screen does not need to paint: the sync engine (with Dexie,
 * the offline registries and the German zod texts, see client/db.ts; it pulls
 * the working set) and persistent storage (the service worker is registered
 * by client/main.tsx on every page). Loaded by
 * client/app/after-paint.tsx once the first screen has painted.
 */
export function runBackground(): void {
  startSync();
  void requestPersistentStorage();
}
