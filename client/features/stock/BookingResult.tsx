import { Link } from '@tanstack/react-router';
import { CheckCircle2, CloudUpload, XCircle } from 'lucide-react';
import { errorText } from '../../../shared/i18n/errors/index';
import type { OutboxEntry } from '../../db';
import { useOutboxEntry } from './hooks';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

export interface LastBooking {
  key: [string, number];
  message: string;
}

/** Display only: the answer to the last booking and how far its sync got. */
export type SyncMark = { state: 'pending' } | { state: 'synced' } | { state: 'rejected'; reason: string };

/** pending until the server answered; an entry that is gone was applied and pulled. */
export function syncMark(entry: OutboxEntry | null | undefined): SyncMark {
  if (entry === undefined || entry?.status === 'pending') return { state: 'pending' };
  if (entry?.status === 'rejected') return { state: 'rejected', reason: errorText(entry.code ?? 'INTERNAL', entry.params ?? {}) };
  return { state: 'synced' };
}

/** Display only: the answer to the last booking and how far its sync got. */
export function BookingResultView({ message, mark, entryId }: { message: string; mark: SyncMark; entryId?: number }) {
  const T = texts(STOCK_TEXTS);
  const rejected = mark.state === 'rejected';
  const pending = mark.state === 'pending';
  return (
    <div
      data-testid="booking-result"
      data-state={mark.state}
      data-entry={entryId}
      role="status"
      className={`rounded-lg border px-4 py-3 ${rejected ? 'border-red-300 bg-red-50 text-red-900' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}
    >
      <div className="flex items-start gap-2">
        {rejected ? <XCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden /> : <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />}
        <p className="flex-1 text-base font-semibold" data-testid="booking-message">
          {message}
        </p>
      </div>
      <div className="mt-1 pl-7 text-sm">
        {mark.state === 'rejected' ? (
          <span data-testid="booking-sync">
            {T.rejectedByServer(mark.reason)}{' '}
            <Link to="/sync" className="font-semibold underline">
              {T.toSync}
            </Link>
          </span>
        ) : pending ? (
          <span data-testid="booking-sync" className="inline-flex items-center gap-1 text-amber-800">
            <CloudUpload className="h-4 w-4" aria-hidden /> {T.pendingMarker}
          </span>
        ) : (
          <span data-testid="booking-sync" className="text-emerald-800">
            ✓ {T.syncedMarker}
          </span>
        )}
      </div>
    </div>
  );
}

export function BookingResult({ booking }: { booking: LastBooking }) {
  const entry = useOutboxEntry(booking.key);
  return <BookingResultView message={booking.message} mark={syncMark(entry)} entryId={booking.key[1]} />;
}
