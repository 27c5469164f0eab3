import { webLock } from '../../sync/device/lock';
import { SyncEngine } from '../../sync/device/engine';
import { fetchTransport } from '../../sync/device/transport';
import { getSession, subscribeSession } from '../app/auth';
import { setReloadGuard } from '../app/pwa';
import { APP_UI } from '../../shared/i18n/app';
import { texts } from '../../shared/i18n/translate';
import { db } from '../db';

/**
 * The app's one sync engine, wired to the session, the network and the
 * service-worker update prompt. Started by the top-bar status badge (mounted
 * for every logged-in screen).
 */
export const syncEngine = new SyncEngine({
  db,
  transport: fetchTransport('/api'),
  lock: webLock(),
  session: () => {
    const s = getSession();
    return s.user && s.token ? { userId: s.user.id, token: s.token } : null;
  },
});

let started = false;

export function startSync(): void {
  if (started) return;
  started = true;
  syncEngine.start();
  let lastToken = getSession().token;
  subscribeSession(() => {
    const { token } = getSession();
    if (token && token !== lastToken) syncEngine.sessionChanged();
    lastToken = token;
  });
  // An app update never reloads while scans are queued: sync first, then offer it again.
  setReloadGuard(async () => {
    await syncEngine.syncNow();
    const open = await db.outbox.where('status').anyOf('pending', 'rejected').count();
    if (open === 0) return null;
    return texts(APP_UI).updateBlocked(open);
  });
}
