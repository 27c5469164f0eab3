import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSession } from './app/auth';
import { followSessionLanguage } from './app/language';
import { LoginForm } from './features/login/LoginForm';
import './styles.css';

/**
 * Entry: a logged-out device gets only the login form (React, the form, the
 * API client); the app (client/app/boot.tsx: router, shell; Dexie and sync follow after the first paint) is
 * a separate chunk, loaded after login, that also holds the start screen
 * (chunk groups in vite.config.ts). Both are precached by the service worker.
 */
/**
 * The service worker on every page, also the logged-out /login: a first visit
 * gets the precache and an offline-capable, installable login. After the
 * page's load event and an idle moment, so neither the first screen's
 * downloads nor its main thread share with it.
 */
function registerServiceWorkerWhenIdle(): void {
  const register = () => void import('./app/sw-register').then((m) => m.registerServiceWorker());
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(register, { timeout: 2000 }) : setTimeout(register, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

followSessionLanguage();
const root = createRoot(document.getElementById('root') as HTMLElement);

function loadApp(): void {
  void import('./app/boot').then(({ startApp }) => startApp(root));
}

if (getSession().isAuthenticated) {
  loadApp();
} else {
  if (location.pathname !== '/login') history.replaceState(null, '', '/login');
  root.render(
    <StrictMode>
      <LoginForm
        onLoggedIn={() => {
          history.replaceState(null, '', '/');
          loadApp();
        }}
      />
    </StrictMode>,
  );
}

registerServiceWorkerWhenIdle();
