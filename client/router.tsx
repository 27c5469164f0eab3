import { createRootRoute, createRoute, createRouter, Link, Outlet, type RouteComponent, redirect, useRouter } from '@tanstack/react-router';
import { Suspense } from 'react';
import { hasAccess } from '../shared/domain/roles';
import { setUnauthorizedHandler } from './app/api';
import { getSession } from './app/auth';
import { Shell } from './app/Shell';
import { Toaster } from './app/toast';
import { LoginScreen } from './features/login/LoginScreen';
import { appRoutes } from './routes';
import { Button } from './ui/Button';
import { Spinner } from './ui/misc';
import { APP_UI } from '../shared/i18n/app';
import { texts } from '../shared/i18n/translate';

/** German error page instead of a blank screen. */
function ErrorPage({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <div className="mx-auto mt-16 max-w-lg rounded-lg border border-red-200 bg-white p-6 text-center shadow">
      <h1 className="text-xl font-bold text-red-700">{texts(APP_UI).unexpectedError}</h1>
      <p className="mt-2 text-slate-700">{texts(APP_UI).pageFailed}</p>
      <p className="mt-2 break-words text-xs text-slate-500">{error instanceof Error ? error.message : String(error)}</p>
      <div className="mt-4 flex justify-center gap-2">
        <Button onClick={() => router.invalidate()}>{texts(APP_UI).retry}</Button>
        <Button variant="secondary" onClick={() => window.location.assign('/')}>
          {texts(APP_UI).home}
        </Button>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto mt-16 max-w-lg rounded-lg bg-white p-6 text-center shadow">
      <h1 className="text-xl font-bold">{texts(APP_UI).notFound}</h1>
      <Link to="/" className="mt-4 inline-block text-brand-600 underline">
        {texts(APP_UI).home}
      </Link>
    </div>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Toaster />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </>
  ),
  errorComponent: ErrorPage,
  notFoundComponent: NotFound,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: LoginScreen,
  beforeLoad: () => {
    if (getSession().isAuthenticated) throw redirect({ to: '/' });
  },
});

/** Not logged in -> /login. */
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: Shell,
  beforeLoad: () => {
    if (!getSession().isAuthenticated) throw redirect({ to: '/login' });
  },
});

/** Logged in without the right -> /. */
const screens = appRoutes.map((def) =>
  createRoute({
    getParentRoute: () => appLayout,
    path: def.path,
    component: def.component as RouteComponent,
    beforeLoad: () => {
      const { user } = getSession();
      if (!user) throw redirect({ to: '/login' });
      if (!hasAccess(user, def.access)) throw redirect({ to: '/' });
    },
  }),
);

const routeTree = rootRoute.addChildren([loginRoute, appLayout.addChildren(screens)]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', defaultErrorComponent: ErrorPage });

setUnauthorizedHandler(() => {
  void router.navigate({ to: '/login' });
});
