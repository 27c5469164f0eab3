import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { installGermanZodErrors } from '../../shared/i18n/zod-de';
import { router } from '../router';
import { installScanner } from '../scan/listener';
import { registerServiceWorker, requestPersistentStorage } from './pwa';
import { queryClient } from './queryClient';

/**
 * The app after login: router, shell, sync engine, Dexie, German zod texts.
 * Loaded by client/main.tsx as its own chunk, so /login does not ship it;
 * the service worker precaches it for offline starts.
 */
export function startApp(root: Root): void {
  // The device validates offline commands itself (validationRejection): its zod reasons must be the server's German ones.
  installGermanZodErrors();
  installScanner();
  registerServiceWorker();
  void requestPersistentStorage();
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
