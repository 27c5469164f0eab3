import { RefreshCw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { Button } from '../ui/Button';

/**
 * Service worker registration with an update PROMPT: a new version waits until
 * the person chooses to update, and the app never reloads on its own (an
 * outbox may hold unsynced scans). Screens that hold pending work can veto the
 * reload through setReloadGuard (the sync engine does).
 */
let waiting = false;
let wb: Workbox | null = null;
const listeners = new Set<() => void>();
let reloadGuard: () => Promise<string | null> = async () => null;
let persistState: 'granted' | 'denied' | 'unsupported' | 'unknown' = 'unknown';

export function setReloadGuard(fn: () => Promise<string | null>): void {
  reloadGuard = fn;
}

export function storagePersistState() {
  return persistState;
}

/** workbox-window is loaded here, not with the shell's UpdatePrompt: the first screen does not need it. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    waiting = true;
    for (const l of listeners) l();
  });
  await wb.register();
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
  const isWaiting = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => waiting,
  );
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
    wb?.addEventListener('controlling', () => window.location.reload());
    wb?.messageSkipWaiting();
  };
  return (
    <div className="border-b border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-900" role="status" data-testid="update-prompt">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <RefreshCw className="h-4 w-4" aria-hidden />
        <span className="flex-1">{blocked ?? 'Eine neue Version von Lagerwerk ist verfügbar.'}</span>
        <Button size="sm" onClick={update}>
          Jetzt aktualisieren
        </Button>
      </div>
    </div>
  );
}
