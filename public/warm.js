// A device with a stored session starts fetching the app chunk together with the login chunk
// instead of after the latter has run (vite.config.ts, warmAppChunk: the meta tag names the
// chunk and the session's storage key; the CSP allows no inline script, hence this file).
{
  const meta = document.querySelector('meta[name="lagerwerk-app-chunk"]');
  try {
    if (meta && JSON.parse(localStorage.getItem(meta.dataset.sessionKey) ?? '{}').state?.token) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: meta.content }));
    }
  } catch {
    // no readable session: the login form needs nothing more
  }
}
