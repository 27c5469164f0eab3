import { useLiveQuery } from 'dexie-react-hooks';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_REFUSALS } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { PickCommand, SaveProgressCommand, ShortageCommand } from '../../../shared/schemas/picking';
import { CompleteWaveCommand, CreateCartCommand } from '../../../shared/schemas/waves';
import { useSession } from '../../app/auth';
import { feedback } from '../../app/feedback';
import { db, type OutboxEntry } from '../../db';
import { discardProblem, retryProblem } from '../sync/problem-actions';
import { ProblemItem } from '../sync/SyncScreen';

const PICKING_COMMANDS: ReadonlySet<string> = new Set(
  [PickCommand, ShortageCommand, SaveProgressCommand, CompleteWaveCommand, CreateCartCommand].map((c) => c.name),
);

const STOCK_CODES: ReadonlySet<string> = new Set(['PICK_LOCATION_INSUFFICIENT', 'STOCK_INSUFFICIENT', 'PICK_WRONG_LOCATION', 'PICK_WRONG_BATCH']);

/** What the picker does about a refusal, by its code. */
export function refusalHint(code: string | undefined): string {
  const T = texts(PICKING_REFUSALS);
  if (code === 'PICK_ORDER_CANCELLED') return T.hintCancelled;
  if (code === 'WAVE_TAKEN') return T.hintTaken;
  if (code && STOCK_CODES.has(code)) return T.hintStock;
  return T.hintOther;
}

const waveOf = (e: OutboxEntry) => (e.args as { wave_id?: unknown } | null)?.wave_id;

/**
 * The picking commands the server refused (order cancelled in the office
 * while the picker was offline, wave taken, stock gone), of one wave or, with
 * no waveId, of all waves: the German reason, which booking it was and what
 * to do. They stay until the picker discards or retries them (the same outbox
 * problem list as Synchronisierung). A refused pick no longer counts on the
 * device: the overlay leaves rejected entries out. Mounted by the picking
 * screen for every mode (single and rolling).
 */
export function PickRefusals({ waveId }: { waveId?: number }) {
  const T = texts(PICKING_REFUSALS);
  const { user } = useSession();
  const refused = useLiveQuery(
    async () =>
      (await db.outbox.where('status').equals('rejected').toArray()).filter(
        (e) => PICKING_COMMANDS.has(e.name) && (waveId === undefined || waveOf(e) === waveId),
      ),
    [waveId],
    [],
  );
  // A refusal that arrives while picking is announced with the error sound once.
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    const keys = refused.map((e) => `${e.clientId}-${e.id}`);
    if (seen.current && keys.some((k) => !seen.current?.has(k))) feedback.error();
    seen.current = new Set(keys);
  }, [refused]);

  if (refused.length === 0) return null;
  return (
    <section className="mx-auto mb-3 flex max-w-xl flex-col gap-2" role="alert" aria-labelledby="pick-refusals-h" data-testid="pick-refusals">
      <h2 id="pick-refusals-h" className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <TriangleAlert className="h-5 w-5 text-red-600" aria-hidden /> {formatMessage(T.title, { n: refused.length })}
      </h2>
      <p className="text-sm text-slate-700">{T.intro}</p>
      <ul className="flex flex-col gap-2">
        {refused.map((e) => (
          <ProblemItem
            key={`${e.clientId}-${e.id}`}
            e={e}
            hint={refusalHint(e.code)}
            canRetry={user?.id === e.userId}
            onDiscard={() => discardProblem(e)}
            onRetry={() => retryProblem(e, user?.id)}
          />
        ))}
      </ul>
    </section>
  );
}
