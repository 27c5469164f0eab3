import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, PackageOpen, Pencil, Plus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { canDoNotificationAction } from '../../../shared/domain/notification-status';
import { isCustomerUser, isStaff } from '../../../shared/domain/roles';
import { InboundNotification, NotificationList, type NotificationRequestInput, ReceiptDetailList } from '../../../shared/schemas/inbound';
import type { WsNotification } from '../../../shared/schemas/inbound';
import { apiDelete, apiGet, apiPatch, apiPost, errorMessage, isOfflineError } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { useOnline } from '../../app/useOnline';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { EmptyState, PageHeader, Spinner } from '../../ui/misc';
import { NotificationCard, ReceiptDetailsTable, ReceiptDetailsToggle } from './NotificationCard';
import { NotificationFormDialog } from './NotificationFormDialog';
import { ReceiptModal } from './ReceiptModal';
import { useLocalReceivables, useQueuedReceiptQuantities } from './receipt-queue';
import { requestSync } from './sync-bridge';
import { NOTIFICATION_UI } from '../../../shared/i18n/inbound';
import { UI } from '../../../shared/i18n/ui';
import { texts } from '../../../shared/i18n/translate';

const LIST_KEY = ['inbound-notifications'] as const;

function ReceiptDetailsPanel({ id }: { id: number }) {
  const T = texts(NOTIFICATION_UI);
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: ['inbound-notifications', id, 'movements'],
    queryFn: () => apiGet(`/inbound-notifications/${id}/movements`, ReceiptDetailList),
    enabled: open,
  });
  return (
    <div>
      <ReceiptDetailsToggle open={open} onToggle={() => setOpen((o) => !o)} />
      {open ? <ReceiptDetailsTable rows={q.data} loading={q.isLoading} error={q.error ? errorMessage(q.error, T.detailsError) : null} /> : null}
    </div>
  );
}

/** Announcements the dock device holds in its working set: what staff can still receive without network. */
function OfflineReceivables({
  list,
  queued,
  onReceive,
}: {
  list: WsNotification[] | undefined;
  queued: Map<number, Map<number, number>> | undefined;
  onReceive: (id: number) => void;
}) {
  const T = texts(NOTIFICATION_UI);
  if (!list) return <Spinner />;
  if (list.length === 0) return <EmptyState>{T.empty}</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      {list.map((n) => (
        <NotificationCard
          key={n.id}
          n={{ ...n, items: n.items.map((i) => ({ ...i, notes: null })) }}
          showCustomer
          pending={queued?.get(n.id)}
          actions={
            <Button size="lg" icon={<PackageOpen className="h-5 w-5" />} onClick={() => onReceive(n.id)} data-testid="notification-receive">
              {T.receive}
            </Button>
          }
        />
      ))}
    </div>
  );
}

export function NotificationsScreen() {
  const T = texts(NOTIFICATION_UI);
  const { user } = useSession();
  const qc = useQueryClient();
  const online = useOnline();
  const [editing, setEditing] = useState<InboundNotification | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<InboundNotification | null>(null);
  const [receiving, setReceivingId] = useState<number | null>(null);
  const setReceiving = (id: number) => {
    setReceivingId(id);
    requestSync();
  };
  const staff = user ? isStaff(user) : false;
  const customer = user ? isCustomerUser(user) : false;
  const local = useLocalReceivables();
  const queued = useQueuedReceiptQuantities();

  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => apiGet('/inbound-notifications/', NotificationList) });
  const refresh = () => qc.invalidateQueries({ queryKey: LIST_KEY });

  const save = useMutation({
    mutationFn: (v: { id: number | null; body: NotificationRequestInput }) =>
      v.id ? apiPatch(`/inbound-notifications/${v.id}`, v.body, InboundNotification) : apiPost('/inbound-notifications/', v.body, InboundNotification),
    onSuccess: (n, v) => {
      toast.success(v.id ? T.saved(n.notification_number) : T.created(n.notification_number));
      setEditing(null);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, texts(UI).saveError)),
  });
  const confirm = useMutation({
    mutationFn: (id: number) => apiPatch(`/inbound-notifications/${id}/confirm`, undefined, InboundNotification),
    onSuccess: (n) => {
      toast.success(T.confirmed(n.notification_number));
      // the confirmed announcement joins the dock devices' working set with the next pull
      requestSync();
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, T.confirmError)),
  });
  const cancel = useMutation({
    mutationFn: (id: number) => apiDelete(`/inbound-notifications/${id}`, InboundNotification),
    onSuccess: (n) => {
      toast.success(T.cancelled(n.notification_number));
      setCancelling(null);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, texts(UI).cancelError)),
  });

  if (!user) return null;
  const offline = !online || (list.error !== null && isOfflineError(list.error));

  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={customer ? T.subtitleCustomer : T.subtitleStaff}
        actions={
          customer ? (
            <Button icon={<Plus className="h-4 w-4" />} onClick={() => setEditing('new')} disabled={!online} data-testid="notification-new">
              {T.newNotification}
            </Button>
          ) : null
        }
      />
      {offline && !list.data ? (
        <div className="flex flex-col gap-3">
          <div className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="notifications-offline">
            {T.offlineNoList}
            {staff ? ` ${T.offlineReceivable}` : ''}
          </div>
          {staff ? <OfflineReceivables list={local} queued={queued} onReceive={setReceiving} /> : null}
        </div>
      ) : list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <p className="text-red-700" role="alert">
          {errorMessage(list.error, T.loadError)}
        </p>
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <div className="flex flex-col gap-3">
          {offline ? (
            <div className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="notifications-offline">
              {T.offlineStale}
            </div>
          ) : null}
          {(list.data ?? []).map((n) => {
            const can = (a: Parameters<typeof canDoNotificationAction>[2]) => canDoNotificationAction(user, n.status, a);
            return (
              <NotificationCard
                key={n.id}
                n={n}
                showCustomer={staff}
                pending={staff ? queued?.get(n.id) : undefined}
                actions={
                  <>
                    {can('edit') ? (
                      <Button variant="secondary" icon={<Pencil className="h-4 w-4" />} onClick={() => setEditing(n)} disabled={offline}>
                        {texts(UI).edit}
                      </Button>
                    ) : null}
                    {can('cancel') ? (
                      <Button
                        variant="danger"
                        icon={<XCircle className="h-4 w-4" />}
                        onClick={() => setCancelling(n)}
                        disabled={offline}
                        data-testid="notification-cancel"
                      >
                        {texts(UI).cancelAction}
                      </Button>
                    ) : null}
                    {can('confirm') ? (
                      <Button
                        icon={<CheckCheck className="h-4 w-4" />}
                        busy={confirm.isPending && confirm.variables === n.id}
                        disabled={offline}
                        onClick={() => confirm.mutate(n.id)}
                        data-testid="notification-confirm"
                      >
                        {texts(UI).confirm}
                      </Button>
                    ) : null}
                    {can('receive') ? (
                      <Button size="lg" icon={<PackageOpen className="h-5 w-5" />} onClick={() => setReceiving(n.id)} data-testid="notification-receive">
                        {T.receive}
                      </Button>
                    ) : null}
                  </>
                }
                details={can('viewReceipts') && !offline ? <ReceiptDetailsPanel id={n.id} /> : null}
              />
            );
          })}
        </div>
      )}
      {editing ? (
        <NotificationFormDialog
          initial={editing === 'new' ? null : editing}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(body) => save.mutate({ id: editing === 'new' ? null : editing.id, body })}
        />
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={T.cancelTitle}
        message={T.cancelQuestion}
        confirmLabel={texts(UI).cancelAction}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
      />
      {receiving !== null ? (
        <ReceiptModal
          notificationId={receiving}
          onClose={() => {
            setReceivingId(null);
            if (online) void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
