import { RefreshCw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../ui/Button';
import { activateWaiting, isWaiting as waitingNow, subscribeWaiting } from './sw-register';
import { APP_UI } from '../../shared/i18n/app';
import { texts } from '../../shared/i18n/translate';

/**
 * The update PROMPT of the service worker (registered by sw-register.ts): a
 * new version waits until the person chooses to update, and the app never
 * reloads on its own (an outbox may hold unsynced scans). Screens that hold
 * pending work can veto the reload through setReloadGuard (the sync engine does).
 */
let reloadGuard: () => Promise<string | null> = async () => null;
let persistState: 'granted' | 'denied' | 'unsupported' | 'unknown' = 'unknown';

export function setReloadGuard(fn: () => Promise<string | null>): void {
  reloadGuard = fn;
}

export function storagePersistState() {
  return persistState;
}

/** Ask the browser to keep our IndexedDB (outbox) under storage pressure. */
export async function requestPersistentStorage(): Promise<void> {
  if (!navigator.storage?.persist) {
    persistState = 'unsupported';
    return;
  }
  persistState = (await navigator.storage.persisted()) || (await navigator.storage.persist()) ? 'granted' : 'denied';
}

export function UpdatePrompt() {
  const isWaiting = useSyncExternalStore(subscribeWaiting, waitingNow);
  const [blocked, setBlocked] = useState<string | null>(null);
  useEffect(() => {
    if (!isWaiting) setBlocked(null);
  }, [isWaiting]);
  if (!isWaiting) return null;
  const update = async () => {
    const reason = await reloadGuard();
    if (reason) {
      setBlocked(reason);
      return;
    }
    activateWaiting();
  };
  return (
    <div className="border-b border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-900" role="status" data-testid="update-prompt">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <RefreshCw className="h-4 w-4" aria-hidden />
        <span className="flex-1">{blocked ?? texts(APP_UI).updateAvailable}</span>
        <Button size="sm" onClick={update}>
          {texts(APP_UI).updateNow}
        </Button>
      </div>
    </div>
  );
}
