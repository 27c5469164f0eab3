import { useLiveQuery } from 'dexie-react-hooks';
import { CloudUpload, HardDrive, KeyRound, RefreshCw, RotateCcw, Trash2, TriangleAlert } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { hasAccess } from '../../../shared/domain/roles';
import { errorText } from '../../../shared/i18n/errors/index';
import { SYNC_SCREEN_UI } from '../../../shared/i18n/sync-screen';
import { texts } from '../../../shared/i18n/translate';
import { clearSession, useSession } from '../../app/auth';
import { storagePersistState } from '../../app/pwa';
import { db, type OutboxEntry } from '../../db';
import { syncEngine } from '../../sync/engine';
import { syncTimeText } from '../../sync/StatusBadge';
import { type SyncView, useSyncState } from '../../sync/useSyncState';
import { Button } from '../../ui/Button';
import { Badge, Card, EmptyState, PageHeader } from '../../ui/misc';
import { discardProblem, retryProblem } from './problem-actions';
import { RejectionsSection } from './RejectionsSection';
import { useSyncRejections } from './useSyncRejections';

/** Display only: one rejected entry with its reason and the two ways to resolve it. */
export function ProblemItem({
  e,
  canRetry,
  hint,
  onDiscard,
  onRetry,
}: {
  e: OutboxEntry;
  canRetry: boolean;
  /** What to do about it, where the screen knows (e.g. picking: put the goods back). */
  hint?: string;
  onDiscard: () => void;
  onRetry: () => void;
}) {
  const T = texts(SYNC_SCREEN_UI);
  return (
    <li className="rounded-lg border border-red-200 bg-red-50 p-3" data-testid="sync-problem">
      <div className="font-semibold text-slate-900">{e.label}</div>
      <div className="mt-1 text-sm font-medium text-red-800" data-testid="sync-problem-reason">
        {errorText(e.code ?? 'INTERNAL', e.params ?? {})}
      </div>
      {hint ? (
        <div className="mt-1 text-sm text-slate-800" data-testid="sync-problem-hint">
          {hint}
        </div>
      ) : null}
      <div className="mt-1 text-xs text-slate-500">{T.recorded(e.createdAt, e.id)}</div>
      <div className="mt-3 grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
        <Button variant="secondary" size="lg" onClick={onDiscard} icon={<Trash2 className="h-5 w-5" />} data-testid="sync-discard">
          {T.discard}
        </Button>
        <Button size="lg" onClick={onRetry} disabled={!canRetry} icon={<RotateCcw className="h-5 w-5" />} data-testid="sync-retry">
          {T.retry}
        </Button>
      </div>
      {!canRetry ? <p className="mt-2 text-xs text-slate-600">{T.onlyAuthorCanRetry}</p> : null}
    </li>
  );
}

/** Display only: the state card. */
export function SyncStatusCard({ s, persist, onSync }: { s: SyncView; persist: keyof typeof SYNC_SCREEN_UI.persist; onSync: () => void }) {
  const T = texts(SYNC_SCREEN_UI);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-600">{T.connection}</dt>
        <dd className="font-semibold" data-testid="sync-screen-online">
          {s.online ? T.online : T.offline}
        </dd>
        <dt className="text-slate-600">{T.pending}</dt>
        <dd className="font-semibold" data-testid="sync-screen-pending">
          {s.pending}
        </dd>
        <dt className="text-slate-600">{T.problems}</dt>
        <dd className="font-semibold" data-testid="sync-screen-problems">
          {s.problems}
        </dd>
        <dt className="text-slate-600">{T.lastSync}</dt>
        <dd className="font-semibold">{syncTimeText(s.lastSyncAt)}</dd>
      </dl>
      <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="sync-persist">
        <HardDrive className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {T.persist[persist]}
      </p>
      {s.needsLogin ? (
        <p className="flex items-start gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">
          <KeyRound className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {T.needsLogin}
        </p>
      ) : null}
      {s.updateRequired ? <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.updateRequired}</p> : null}
      {s.lastError && s.online ? <p className="text-sm text-red-700">{T.retriedAutomatically(s.lastError)}</p> : null}
      <Button size="lg" onClick={onSync} busy={s.syncing} disabled={!s.online} icon={<RefreshCw className="h-5 w-5" />} data-testid="sync-now">
        {T.syncNow}
      </Button>
    </Card>
  );
}

/**
 * Synchronisierung (/sync): the queue of this device. Pending bookings with
 * their description, rejected ones with the reason from the error catalogue
 * (in the language in use, docs/architecture.md "Languages"); a rejected entry stays until a person discards it or fixes the
 * cause and retries it (as a new mutation). Below it, for staff, the refused
 * bookings of every device from the server (the shift lead's view of the
 * dashboard's sync_rejected alert).
 */
export function SyncScreen() {
  const { user } = useSession();
  const s = useSyncState();
  const navigate = useNavigate();
  const [persist, setPersist] = useState(storagePersistState);
  // The browser answers the persist() request asynchronously at start.
  useEffect(() => {
    const timer = setTimeout(() => setPersist(storagePersistState()), 500);
    return () => clearTimeout(timer);
  }, []);
  const entries = useLiveQuery(() => db.outbox.toArray(), [], []);
  const problems = entries.filter((e) => e.status === 'rejected');
  const pending = entries.filter((e) => e.status === 'pending');
  const staff = user !== null && hasAccess(user, 'warehouse');
  const rejections = useSyncRejections(staff);
  const T = texts(SYNC_SCREEN_UI);
  return (
    <div className="mx-auto max-w-6xl">
      <div className="max-w-2xl">
        <PageHeader title={T.title} subtitle={T.subtitle} />
        <div className="flex flex-col gap-5">
          <SyncStatusCard
            s={s}
            persist={persist}
            onSync={() => {
              if (s.needsLogin) {
                clearSession();
                void navigate({ to: '/login' });
                return;
              }
              void syncEngine.syncNow();
            }}
          />
          <section aria-labelledby="problems-h">
            <h2 id="problems-h" className="mb-2 flex items-center gap-2 text-lg font-semibold">
              <TriangleAlert className="h-5 w-5 text-red-600" aria-hidden /> {T.rejectedCount(problems.length)}
            </h2>
            {problems.length === 0 ? (
              <EmptyState>{T.noProblems}</EmptyState>
            ) : (
              <ul className="flex flex-col gap-2">
                {problems.map((e) => (
                  <ProblemItem
                    key={`${e.clientId}-${e.id}`}
                    e={e}
                    canRetry={user?.id === e.userId}
                    onDiscard={() => discardProblem(e)}
                    onRetry={() => retryProblem(e, user?.id)}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="pending-h">
            <h2 id="pending-h" className="mb-2 flex items-center gap-2 text-lg font-semibold">
              <CloudUpload className="h-5 w-5 text-sky-700" aria-hidden /> {T.pendingCount(pending.length)}
            </h2>
            {pending.length === 0 ? (
              <EmptyState>{T.allSent}</EmptyState>
            ) : (
              <ul className="flex flex-col gap-2">
                {pending.map((e) => (
                  <li key={`${e.clientId}-${e.id}`} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="sync-pending-item">
                    <div className="font-medium text-slate-900">{e.label}</div>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      <span>{T.recorded(e.createdAt, e.id)}</span>
                      {user?.id !== e.userId ? <Badge tone="amber">{T.waitsForLogin}</Badge> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      {staff ? (
        <div className="mt-8">
          <RejectionsSection rows={rejections.data} loading={rejections.isLoading} failed={rejections.isError} />
        </div>
      ) : null}
    </div>
  );
}
