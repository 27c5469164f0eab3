// Runs synchronously after #root and the shell templates are parsed (index.html), before the
// first paint and before the app's module scripts; the CSP allows no inline script, hence this file.
// 1. The static shell: what the first screen will show, until React's first commit
//    replaces it with the same markup. Logged out: the login card's header (client/main.tsx
//    shows the login form on every path then); logged in: the top bar, on / with the greeting, or
//    with the greeting and tiles this user's last start screen showed (start-snapshot.ts).
// 2. Then the app: its module scripts (named by a meta tag, vite.config.ts) are added once the
//    shell is on the screen, so the first paint waits neither for their download nor for their
//    evaluation. Without the meta tag (vite's dev server) index.html's own module script starts
//    the app.
// 3. A device with a stored session fetches the app chunk together with the login chunk instead
//    of after the latter has run (vite.config.ts, warmAppChunk: the meta tag names the chunk and
//    the session's storage key).
{
  const meta = document.querySelector('meta[name="lagerwerk-app-chunk"]');
  let user = null;
  try {
    // the same test as client/app/auth.ts (read): a token and a user
    const state = JSON.parse(localStorage.getItem(meta?.dataset.sessionKey ?? 'auth-storage') ?? '{}').state;
    if (state?.token && state.user) user = state.user;
  } catch {
    // no readable session: logged out
  }
  // The start screen's last paint for this user and build (client/app/start-snapshot.ts): greeting and tiles.
  const paintStartSnapshot = (greeting) => {
    try {
      const snapshot = JSON.parse(localStorage.getItem(meta?.dataset.startKey ?? '') ?? 'null');
      if (!snapshot || snapshot.user !== user.id || snapshot.app !== meta.content) return false;
      greeting.insertAdjacentHTML('afterend', snapshot.html);
      greeting.remove();
      return true;
    } catch {
      return false;
    }
  };
  const root = document.getElementById('root');
  const shell = document.getElementById(user ? 'shell-app' : 'shell-login');
  if (root && shell && !root.firstChild) {
    const view = shell.content.cloneNode(true);
    const greeting = view.querySelector('[data-shell-greeting]');
    if (greeting) {
      if (location.pathname !== '/') greeting.remove();
      else if (!paintStartSnapshot(greeting)) greeting.querySelector('span').textContent = user.full_name || user.username;
    }
    root.append(view);
  }
  const entry = document.querySelector('meta[name="lagerwerk-entry"]')?.content.split(' ') ?? [];
  let started = entry.length === 0;
  const run = () => {
    if (started) return;
    started = true;
    if (user && meta) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: meta.content }));
    for (const src of entry) document.body.append(Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src }));
  };
  // Once the shell is on the screen (the first contentful paint is reported after the frame has
  // been presented); at the latest after SHELL_WAIT_MS, e.g. in a tab that does not paint.
  const SHELL_WAIT_MS = 250;
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(run, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    run();
  }
  setTimeout(run, SHELL_WAIT_MS);
}
