import { SYNC_SCREEN_UI } from '../../../shared/i18n/sync-screen';
import { texts } from '../../../shared/i18n/translate';
import { acknowledge, retry } from '../../../sync/device/outbox';
import { toast } from '../../app/toast';
import { db, type OutboxEntry } from '../../db';
import { syncEngine } from '../../sync/engine';

/**
 * The two ways a person resolves a rejected outbox entry, for every screen
 * that lists refusals (Synchronisierung, the picking screen): discard it
 * (seen, nothing to book) or book it again as a new mutation (the author only).
 */
export function discardProblem(e: OutboxEntry): void {
  void acknowledge(db, e.clientId, e.id).then(() => toast.info(texts(SYNC_SCREEN_UI).discarded));
}

export function retryProblem(e: OutboxEntry, userId: number | undefined): void {
  if (!userId) return;
  void retry(db, e.clientId, e.id, userId).then(() => {
    toast.info(texts(SYNC_SCREEN_UI).requeued);
    syncEngine.kick();
  });
}
