// Runs synchronously after #root and the shell templates are parsed (index.html), before the
// first paint and before the app's module scripts; the CSP allows no inline script, hence this file.
// 1. The static shell (issue #17): what the first screen will show, until React's first commit
//    replaces it with the same markup. Logged out: the login card's header (client/main.tsx
//    shows the login form on every path then); logged in: the top bar, on / with the greeting.
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
  const root = document.getElementById('root');
  const shell = document.getElementById(user ? 'shell-app' : 'shell-login');
  if (root && shell && !root.firstChild) {
    const view = shell.content.cloneNode(true);
    const greeting = view.querySelector('[data-shell-greeting]');
    if (greeting) {
      if (location.pathname === '/') greeting.querySelector('span').textContent = user.full_name || user.username;
      else greeting.remove();
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
