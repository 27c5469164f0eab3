import type { Workbox } from 'workbox-window';

/**
 * Service worker registration, on every page (client/main.tsx), logged in or
 * not: a device that opens /login for the first time gets the precache and
 * an installable, offline-capable login. Its own small chunk (with
 * workbox-window), loaded once the page has loaded and the browser is idle,
 * so it costs the first screen nothing. The update prompt (pwa.tsx) reads
 * the waiting state from here.
 */
let waiting = false;
let wb: Workbox | null = null;
let registering: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return Promise.resolve();
  registering ??= import('workbox-window').then(async ({ Workbox }) => {
    wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () => {
      waiting = true;
      for (const l of listeners) l();
    });
    await wb.register();
  });
  return registering;
}

export function subscribeWaiting(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export const isWaiting = () => waiting;

/** Lets the waiting version take over; the page reloads once it controls it. */
export function activateWaiting(): void {
  wb?.addEventListener('controlling', () => window.location.reload());
  wb?.messageSkipWaiting();
}
