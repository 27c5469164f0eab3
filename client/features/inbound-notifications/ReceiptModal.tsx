import { WifiOff } from 'lucide-react';
import type { ReceiveItemInput } from '../../../shared/schemas/inbound';
import { useSession } from '../../app/auth';
import { useOnline } from '../../app/useOnline';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/misc';
import { ReceiptFlow } from './ReceiptFlow';
import { enqueueComplete, enqueueReceipt, type ReceivableNotification, useLocalLocations, useReceivableNotification } from './receipt-queue';
import { requestSync } from './sync-bridge';
import { RECEIPT_FLOW_UI } from '../../../shared/i18n/inbound';
import { texts } from '../../../shared/i18n/translate';

/** The receipt modal's writes: the only calls into the receipt queue, so moving it changes one import. */
export interface ReceiptActions {
  /** Queues one confirmed line. */
  receive: (item: ReceiveItemInput) => Promise<void>;
  /** Queues "Fertig". */
  complete: () => Promise<void>;
}

function useReceiptActions(view: ReceivableNotification | null | undefined): ReceiptActions {
  const { user } = useSession();
  return {
    receive: async (item) => {
      if (!user || !view) throw new Error('no session');
      await enqueueReceipt(user.id, view, item);
      requestSync();
    },
    complete: async () => {
      if (!user || !view) throw new Error('no session');
      await enqueueComplete(user.id, view);
      requestSync();
    },
  };
}

/**
 * "Wareneingang verarbeiten" for one announcement, the data side: the
 * announcement and the places from the device working set, the queued
 * writes. Works offline: each confirmed line is queued as a
 * receipt.receiveItem mutation. ReceiptFlow shows it.
 */
export function ReceiptModal({ notificationId, onClose }: { notificationId: number; onClose: () => void }) {
  const view = useReceivableNotification(notificationId);
  const locations = useLocalLocations();
  const actions = useReceiptActions(view);
  const online = useOnline();
  const T = texts(RECEIPT_FLOW_UI);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={T.title}
      size="lg"
      description={view ? `${view.notification_number} · ${view.customer_name}` : undefined}
    >
      {!online ? (
        <div className="mb-3 flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="receipt-offline">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
          {T.offline}
        </div>
      ) : null}
      {view === undefined ? (
        <Spinner />
      ) : view === null ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-testid="receipt-unavailable">
          {T.unavailable} {online ? T.waitForSync : T.syncOnline}
        </div>
      ) : (
        <ReceiptFlow view={view} locations={locations ?? []} actions={actions} onClose={onClose} />
      )}
    </Dialog>
  );
}
