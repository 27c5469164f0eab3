import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { ChevronDown, LogOut, Menu, UserRound, Warehouse, X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NAV_DROPDOWN_CLOSE_DELAY_MS } from '../../shared/constants';
import { Spinner } from '../ui/misc';
import { StartAfterPaint, SyncBadgeSlot } from './after-paint';
import { clearSession, useSession } from './auth';
import { DemoLoginsBanner } from './DemoLoginsBanner';
import { MENU } from '../../shared/i18n/menu';
import { type MenuGroup, menuFor } from './menu';
import { UpdatePrompt } from './pwa';
import { APP_UI } from '../../shared/i18n/app';
import { texts } from '../../shared/i18n/translate';

/** Hover dropdown that closes 1.5 s after the pointer leaves (spec part 1 §9). */
function NavDropdown({ group, active }: { group: MenuGroup; active: boolean }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleanup on unmount only; cancel reads a ref
  useEffect(() => cancel, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu for mouse users; the button inside is the keyboard path
    <div
      className="relative"
      onMouseEnter={() => {
        cancel();
        setOpen(true);
      }}
      onMouseLeave={() => {
        cancel();
        timer.current = setTimeout(() => setOpen(false), NAV_DROPDOWN_CLOSE_DELAY_MS);
      }}
    >
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className={`inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-white/10 ${active ? 'bg-white/15' : ''}`}
      >
        {group.label}
        <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      {open ? (
        <div className="absolute left-0 z-40 mt-1 min-w-52 rounded-md border border-slate-200 bg-white py-1 text-slate-800 shadow-lg" role="menu">
          {group.items.map((i) => (
            <Link
              key={i.to}
              to={i.to}
              role="menuitem"
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-sm hover:bg-slate-100"
              activeProps={{ className: 'bg-brand-50 font-semibold text-brand-700' }}
            >
              {i.label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function Shell() {
  const { user } = useSession();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [mobileOpen, setMobileOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the route changes
  useEffect(() => setMobileOpen(false), [pathname]);
  if (!user) return null;
  const groups = menuFor(user);
  const A = texts(APP_UI);
  const M = texts(MENU);
  const name = user.full_name || user.username;
  const logout = () => {
    clearSession();
    void navigate({ to: '/login' });
  };
  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-30 bg-brand-700 text-white shadow">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3">
          <Link to="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label={A.homeLink}>
            <Warehouse className="h-6 w-6" aria-hidden />
            <span className="text-lg">{A.appName}</span>
          </Link>
          <nav className="ml-4 hidden items-center gap-1 lg:flex" aria-label={A.mainNav}>
            {groups.map((g) =>
              g.direct && g.items.length === 1 ? (
                <Link
                  key={g.label}
                  to={g.items[0].to}
                  className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-white/10"
                  activeProps={{ className: 'bg-white/15' }}
                >
                  {g.items[0].label}
                </Link>
              ) : (
                <NavDropdown key={g.label} group={g} active={g.items.some((i) => pathname.startsWith(i.to))} />
              ),
            )}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <SyncBadgeSlot />
            <Link to="/profile" className="hidden items-center gap-1 rounded-md px-2 py-1 text-sm hover:bg-white/10 sm:inline-flex" data-testid="user-name">
              <UserRound className="h-4 w-4" aria-hidden />
              {name}
            </Link>
            <button
              type="button"
              onClick={logout}
              className="hidden h-10 items-center gap-1 rounded-md px-2 text-sm hover:bg-white/10 sm:inline-flex"
              data-testid="logout"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              {A.logout}
            </button>
            <button
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
              aria-label={mobileOpen ? M.close : M.open}
              aria-expanded={mobileOpen}
              onClick={() => setMobileOpen((o) => !o)}
              data-testid="mobile-menu-button"
            >
              {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
            </button>
          </div>
        </div>
        {mobileOpen ? (
          <nav className="border-t border-white/10 bg-brand-700 px-3 pb-3 lg:hidden" aria-label={A.mobileNav}>
            {groups.map((g) => (
              <div key={g.label} className="pt-2">
                {!(g.direct && g.items.length === 1) ? (
                  <div className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-white/60">{g.label}</div>
                ) : null}
                {g.items.map((i) => (
                  <Link
                    key={i.to}
                    to={i.to}
                    className="flex min-h-12 items-center rounded-md px-3 text-base hover:bg-white/10"
                    activeProps={{ className: 'bg-white/15 font-semibold' }}
                  >
                    {i.label}
                  </Link>
                ))}
              </div>
            ))}
            <div className="mt-2 border-t border-white/10 pt-2">
              <Link to="/profile" className="flex min-h-12 items-center gap-2 rounded-md px-3 hover:bg-white/10">
                <UserRound className="h-5 w-5" aria-hidden /> {name}
              </Link>
              <button type="button" onClick={logout} className="flex min-h-12 w-full items-center gap-2 rounded-md px-3 text-left hover:bg-white/10">
                <LogOut className="h-5 w-5" aria-hidden /> {A.logout}
              </button>
            </div>
          </nav>
        ) : null}
      </header>
      <DemoLoginsBanner user={user} />
      <UpdatePrompt />
      <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4 sm:py-6">
        <Suspense fallback={<Spinner />}>
          <Outlet />
          <StartAfterPaint />
        </Suspense>
      </main>
    </div>
  );
}
