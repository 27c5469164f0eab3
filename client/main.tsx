import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSession } from './app/auth';
import { LoginForm } from './features/login/LoginForm';
import './styles.css';

/**
 * Entry: a logged-out device gets only the login form (React, the form, the
 * API client); the app (client/app/boot.tsx: router, shell, Dexie, sync) is
 * a separate chunk, loaded after login. Both are precached by the service worker.
 */
const root = createRoot(document.getElementById('root') as HTMLElement);

function loadApp(): void {
  // The start screen (manifest start_url, the screen after login) loads in parallel with the app's
  // chunk instead of after the router asked for it; routes.ts's import of it gets the same module.
  if (location.pathname === '/') void import('./features/dashboard/DashboardScreen');
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
