import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSession } from './app/auth';
import { LoginForm } from './features/login/LoginForm';
import './styles.css';

/**
 * Entry: a logged-out device gets only the login form (React, the form, the
 * API client); the app (client/app/boot.tsx: router, shell; Dexie and sync follow after the first paint) is
 * a separate chunk, loaded after login, that also holds the start screen
 * (chunk groups in vite.config.ts). Both are precached by the service worker.
 */
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
