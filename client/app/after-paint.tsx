import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { warmFormatters } from '../../shared/i18n/format';

/**
 * Starts client/app/background.ts (sync engine, Dexie) after
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

let zodLoading: Promise<void> | null = null;

/**
 * zod with its German texts, then the base schemas every other schema module imports (the first
 * schemas built, which also compile zod's builders), each evaluated in a task of its own. Lazy
 * schemas wait for them (`afterZod`), so the evaluation of a screen's first schemas includes
 * neither.
 */
function zodReady(): Promise<void> {
  zodLoading ??= import('../../shared/i18n/zod-de')
    .then(nextTask)
    .then(() => import('../../shared/schemas/common'))
    .then(nextTask);
  return zodLoading;
}

/** A lazy import of schemas, started once zod has been evaluated in a task of its own. */
export function afterZod<T>(load: () => Promise<T>): Promise<T> {
  return zodReady().then(load);
}

/**
 * The offline features' device modules (client/offline-registry.ts lists them), each with its
 * schemas: evaluated one per task before the sync engine that imports them all.
 */
const OFFLINE_FEATURES = import.meta.glob('../features/*/offline.ts');

/**
 * The de-DE formatters are built and the background's libraries are evaluated one by one, each in
 * a task of its own (Dexie; zod, which the screens' schemas share; each offline feature), before
 * the sync engine: one evaluation of the whole graph was a long task right after the first paint.
 */
async function loadBackground(): Promise<Background> {
  for (const build of warmFormatters) {
    build();
    await nextTask();
  }
  await import('dexie');
  await nextTask();
  await zodReady();
  for (const load of Object.values(OFFLINE_FEATURES)) {
    await load();
    await nextTask();
  }
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
