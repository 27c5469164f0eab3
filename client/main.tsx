import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGermanZodErrors } from '../shared/i18n/zod-de';
import { queryClient } from './app/queryClient';
import { registerServiceWorker, requestPersistentStorage } from './app/pwa';
import { installScanner } from './scan/listener';
import { router } from './router';
import './styles.css';

// The device validates offline commands itself (validationRejection): its zod reasons must be the server's German ones.
installGermanZodErrors();

installScanner();
registerServiceWorker();
void requestPersistentStorage();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
