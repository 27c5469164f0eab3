/**
 * The start screen's last paint (docs/performance.md, "The start screen's first paint"): after
 * each commit of / the greeting and the tiles are kept as HTML, and on the next start
 * public/warm.js paints them before any JavaScript has loaded, as it paints the top bar. React's
 * first commit replaces them with the same markup. Kept per user and per build (the app chunk's
 * name), so a new version or another user on the device never sees an old or foreign screen;
 * figures that change (the returns tile's count) are left out.
 */

/** localStorage key; public/warm.js reads it through its meta tag (vite.config.ts). */
export const START_SNAPSHOT_KEY = 'lagerwerk-start-screen';

/** Marks an element the snapshot leaves out. */
export const SNAPSHOT_SKIP = 'data-snapshot-skip';

export interface StartSnapshot {
  user: number;
  /** The app chunk's path from the meta tag vite.config.ts writes: the build that painted it. */
  app: string;
  html: string;
}

function appChunk(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="lagerwerk-app-chunk"]')?.content ?? null;
}

/** Keeps the first `count` children of view (the greeting and the tiles) for user; nothing in vite's dev server (no build to name). */
export function saveStartSnapshot(view: HTMLElement, user: number, count: number): void {
  const app = appChunk();
  if (!app) return;
  const parts = [...view.children].slice(0, count).map((child) => {
    const copy = child.cloneNode(true) as Element;
    for (const skip of copy.querySelectorAll(`[${SNAPSHOT_SKIP}]`)) skip.remove();
    return copy.outerHTML;
  });
  const snapshot: StartSnapshot = { user, app, html: parts.join('') };
  try {
    const json = JSON.stringify(snapshot);
    if (localStorage.getItem(START_SNAPSHOT_KEY) !== json) localStorage.setItem(START_SNAPSHOT_KEY, json);
  } catch {
    // storage full or blocked: the next start paints the greeting only
  }
}

export function clearStartSnapshot(): void {
  localStorage.removeItem(START_SNAPSHOT_KEY);
}
