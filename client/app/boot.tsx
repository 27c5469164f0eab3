import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Fragment, type ReactNode, StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { router } from '../router';
import { installScanner } from '../scan/listener';
import { BACKGROUND_LATEST_MS, startBackground } from './after-paint';
import { useLanguage } from './language';
import { queryClient } from './queryClient';

/** A change of language draws every screen again in it (docs/architecture.md "Languages"). */
function LanguageRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}

/**
 * The app after login: router, shell, scanner. Loaded by client/main.tsx as
 * its own chunk, so /login does not ship it; the service worker precaches it
 * for offline starts. The sync engine, Dexie and German zod texts follow
 * once the first screen has painted (after-paint.tsx).
 */
export function startApp(root: Root): void {
  installScanner();
  setTimeout(() => void startBackground(), BACKGROUND_LATEST_MS);
  // The router resolves the first route (its lazy screen included) before React renders: a
  // router state that changed between render and commit would make React render the whole
  // screen again synchronously, one long task. As a transition React renders the first screen
  // in slices that yield to the browser.
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <LanguageRoot>
              <RouterProvider router={router} />
            </LanguageRoot>
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
  router.load().then(render, render);
}
