import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Starts client/app/background.ts (sync engine, Dexie, service worker) after
 * the first screen has painted, so its chunks do not compete with the
 * screen's for the network and the main thread; at the latest
 * BACKGROUND_LATEST_MS after boot (a screen that never finishes loading must
 * not keep the sync engine off).
 */
export const BACKGROUND_LATEST_MS = 3000;

type Background = typeof import('./background');
let loading: Promise<Background> | null = null;
let ready = false;
const listeners = new Set<() => void>();

/** A task of its own: the browser may paint and handle input between two module evaluations. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The background's libraries are evaluated one by one, each in a task of its own (Dexie; zod, which
 * the screens' schemas share), before the sync engine with its schemas: one evaluation of the
 * whole graph was a long task right after the first paint (issue #17).
 */
async function loadBackground(): Promise<Background> {
  await import('dexie');
  await nextTask();
  await import('zod');
  await nextTask();
  return import('./background');
}

export function startBackground(): Promise<Background> {
  loading ??= loadBackground().then((m) => {
    m.runBackground();
    ready = true;
    for (const l of listeners) l();
    return m;
  });
  return loading;
}

/** Runs fn once the frame after now has painted (rAF runs before that paint, the timeout after it). */
function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/** Placed next to the screen inside its Suspense boundary: the effect runs once the screen has committed. */
export function StartAfterPaint() {
  useEffect(() => afterNextPaint(() => void startBackground()), []);
  return null;
}

/**
 * False until the component's first commit has painted. Work a screen can start a frame later
 * (the data of the dashboard's widgets, which loads zod and the schemas) waits for it, so the
 * first paint does not wait for that work.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

const LazySyncBadge = lazy(async () => ({ default: (await startBackground()).SyncStatusBadge }));

/** The top bar's sync badge, shown once the background has started (nothing before: it reads the outbox in Dexie). */
export function SyncBadgeSlot() {
  const isReady = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => ready,
  );
  return isReady ? (
    <Suspense fallback={null}>
      <LazySyncBadge />
    </Suspense>
  ) : null;
}
