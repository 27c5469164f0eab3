import { Link, useNavigate } from '@tanstack/react-router';
import { CloudUpload, KeyRound, RefreshCw, TriangleAlert, Wifi, WifiOff } from 'lucide-react';
import { formatDateTime, formatTime } from '../../shared/i18n/format';
import { clearSession } from '../app/auth';
import { useSyncState } from './useSyncState';
import { APP_UI } from '../../shared/i18n/app';
import { texts } from '../../shared/i18n/translate';

/** "14:05" today, else date and time (de-DE). */
export function syncTimeText(iso: string | null): string {
  if (!iso) return texts(APP_UI).neverSynced;
  const d = new Date(iso);
  const today = new Date();
  if (d.toDateString() === today.toDateString()) return formatTime(d);
  return formatDateTime(d);
}

/**
 * Always-visible sync state in the top bar: online/offline, queued bookings,
 * problems (link to /sync), last sync, and "Anmeldung erforderlich" when the
 * token expired (the queue waits for the same user). Loaded with the engine
 * after the first paint (client/app/after-paint.tsx).
 */
export function SyncStatusBadge() {
  const s = useSyncState();
  const A = texts(APP_UI);
  const navigate = useNavigate();
  const relogin = () => {
    clearSession();
    void navigate({ to: '/login' });
  };
  return (
    <div className="flex shrink-0 items-center gap-1" data-testid="sync-badge">
      <span
        data-testid="sync-status"
        data-syncing={s.syncing}
        data-last-sync={s.lastSyncAt ?? ''}
        title={A.lastSync(syncTimeText(s.lastSyncAt))}
        className={`inline-flex h-8 items-center gap-1 rounded-full px-2 text-xs font-medium ${s.online ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-200 text-amber-900'}`}
      >
        {s.online ? <Wifi className="h-3.5 w-3.5" aria-hidden /> : <WifiOff className="h-3.5 w-3.5" aria-hidden />}
        {/* the word only from 400 px on: at 360 px the top bar has room for icons and counts only */}
        <span className="sr-only min-[400px]:not-sr-only">{s.online ? A.online : A.offline}</span>
        {s.syncing ? <RefreshCw className="h-3.5 w-3.5 animate-spin" aria-label={A.syncing} /> : null}
        <span className="hidden sm:inline" data-testid="sync-last">
          · {syncTimeText(s.lastSyncAt)}
        </span>
      </span>
      <Link
        to="/sync"
        data-testid="sync-pending"
        data-count={s.pending}
        aria-label={A.pendingBookings(s.pending)}
        className={`inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-full px-2 text-xs font-semibold ${s.pending > 0 ? 'bg-sky-100 text-sky-900' : 'bg-white/15 text-white'}`}
      >
        <CloudUpload className="h-3.5 w-3.5" aria-hidden />
        {s.pending}
      </Link>
      {s.problems > 0 ? (
        <Link
          to="/sync"
          data-testid="sync-problems"
          data-count={s.problems}
          aria-label={A.syncProblems(s.problems)}
          className="inline-flex h-8 items-center gap-1 rounded-full bg-red-600 px-2 text-xs font-semibold text-white"
        >
          <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
          {s.problems}
        </Link>
      ) : null}
      {s.needsLogin ? (
        <button
          type="button"
          onClick={relogin}
          data-testid="sync-relogin"
          className="inline-flex h-8 items-center gap-1 rounded-full bg-amber-300 px-2 text-xs font-semibold text-amber-950"
        >
          <KeyRound className="h-3.5 w-3.5" aria-hidden />
          <span className="sr-only min-[400px]:not-sr-only">{A.loginRequired}</span>
        </button>
      ) : null}
    </div>
  );
}
