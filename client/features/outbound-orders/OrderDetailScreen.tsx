import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, Archive, CheckCircle2, Pencil, PlayCircle, XCircle } from 'lucide-react';
import { useState } from 'react';
import { countryName } from '../../../shared/domain/countries';
import { canDoOrderAction, type OrderAction } from '../../../shared/domain/order-status';
import { isCustomerUser, type RoleSubject } from '../../../shared/domain/roles';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { ApiError, apiPost, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { EmptyState, ErrorBox, Spinner } from '../../ui/misc';
import { AnnounceReturnButton } from '../returns/AnnounceReturnDialog';
import { AddressEditDialog } from './AddressEditDialog';
import { ORDERS_KEY, useOrder, useRefreshOrders } from './hooks';
import { OrderFormDialog } from './OrderFormDialog';
import { CARRIER_TYPE_LABELS, Items, Packages, Section, Timeline } from './OrderDetailParts';
import { OrderStatusBadge } from './OrderParts';
import { ORDER_ERRORS, ORDER_NOT_FOUND, ORDER_UI as T } from '../../../shared/i18n/orders';
import { UI } from '../../../shared/i18n/ui';

/** /outbound-orders/$orderId for customers and staff (spec part 2 §2 "Order detail"). */

export function OrderDetailView({
  order,
  user,
  onAction,
  onEditAddress,
  onEdit,
}: {
  order: OutboundOrder;
  user: RoleSubject;
  onAction: (a: OrderAction) => void;
  onEditAddress: () => void;
  onEdit: () => void;
}) {
  const can = (a: OrderAction) => canDoOrderAction(user, order.status, a);
  const customer = isCustomerUser(user);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link
          to={customer ? '/outbound-orders' : '/warehouse/outbound'}
          className="inline-flex min-h-10 items-center gap-1 text-sm text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" /> {T.backToList}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{T.title(order.order_number)}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {can('edit') ? (
            <Button variant="secondary" icon={<Pencil className="h-4 w-4" />} onClick={onEdit} data-testid="detail-edit">
              {UI.edit}
            </Button>
          ) : null}
          {can('confirm') ? (
            <Button icon={<CheckCircle2 className="h-4 w-4" />} onClick={() => onAction('confirm')} data-testid="detail-confirm">
              {UI.confirm}
            </Button>
          ) : null}
          {can('start_picking') ? (
            <Button icon={<PlayCircle className="h-4 w-4" />} onClick={() => onAction('start_picking')} data-testid="detail-start-picking">
              {T.startPicking}
            </Button>
          ) : null}
          {can('complete') ? (
            <Button icon={<Archive className="h-4 w-4" />} onClick={() => onAction('complete')} data-testid="detail-complete">
              {UI.completeAction}
            </Button>
          ) : null}
          <AnnounceReturnButton order={order} />
          {can('cancel') ? (
            <Button variant="danger" icon={<XCircle className="h-4 w-4" />} onClick={() => onAction('cancel')} data-testid="detail-cancel">
              {UI.cancelAction}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Section
            title={T.deliveryAddress}
            action={
              can('edit_address') ? (
                <Button variant="secondary" size="sm" icon={<Pencil className="h-4 w-4" />} onClick={onEditAddress} data-testid="address-edit">
                  {T.editAddress}
                </Button>
              ) : null
            }
          >
            <address className="text-sm not-italic text-slate-800" data-testid="order-address">
              {order.delivery_company ? <div className="font-medium">{order.delivery_company}</div> : null}
              <div className="font-medium">{order.delivery_name}</div>
              <div>{order.delivery_address}</div>
              <div>
                {order.delivery_postal_code} {order.delivery_city}
              </div>
              <div>{countryName(order.delivery_country)}</div>
              {order.delivery_email ? <div className="text-slate-600">{order.delivery_email}</div> : null}
              {order.delivery_phone ? <div className="text-slate-600">{order.delivery_phone}</div> : null}
            </address>
          </Section>
          <Section title={T.itemsCount(order.item_count)}>
            <Items order={order} />
            <div className="mt-2 border-t border-slate-100 pt-2 text-right text-sm text-slate-600">{T.totalQuantity(order.total_quantity)}</div>
          </Section>
          {order.notes ? (
            <Section title={T.notes}>
              <p className="whitespace-pre-wrap text-sm text-slate-800">{order.notes}</p>
            </Section>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          <Section title={T.customer}>
            <div className="text-sm">
              <div className="font-medium">{order.customer_name}</div>
              <div className="text-slate-500">{T.customerId(order.customer_id)}</div>
              {order.order_reference ? (
                <div className="text-slate-500" data-testid="order-reference">
                  {T.reference(order.order_reference)}
                </div>
              ) : null}
            </div>
          </Section>
          <Section title={T.history}>
            <Timeline order={order} />
          </Section>
          <Section title={T.shipping}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="order-shipping">
              <dt className="text-slate-500">{T.carrier}</dt>
              <dd>{order.carrier ?? '–'}</dd>
              <dt className="text-slate-500">{T.shippingType}</dt>
              <dd>{order.carrier_type ? (CARRIER_TYPE_LABELS[order.carrier_type] ?? order.carrier_type) : '–'}</dd>
            </dl>
            <Packages order={order} />
          </Section>
        </div>
      </div>
    </div>
  );
}

const ACTION_PATHS: Partial<Record<OrderAction, string>> = { confirm: 'confirm', start_picking: 'start-picking', cancel: 'cancel', complete: 'complete' };
const ACTION_DONE: Partial<Record<OrderAction, string>> = {
  confirm: T.done.confirm,
  start_picking: T.done.start_picking,
  cancel: T.done.cancel,
  complete: T.done.complete,
};
const ACTION_FALLBACK: Partial<Record<OrderAction, string>> = {
  confirm: ORDER_ERRORS.update,
  start_picking: ORDER_ERRORS.startPicking,
  cancel: ORDER_ERRORS.cancel,
  complete: ORDER_ERRORS.complete,
};

export function OrderDetailScreen() {
  const { user } = useSession();
  const params = useParams({ strict: false }) as { orderId?: string };
  const id = Number(params.orderId);
  const q = useOrder(id);
  const qc = useQueryClient();
  const refresh = useRefreshOrders();
  const [addressOpen, setAddressOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const act = useMutation({
    mutationFn: (a: OrderAction) => apiPost(`/outbound-orders/${id}/${ACTION_PATHS[a]}`, undefined, OutboundOrder),
    onSuccess: (o, a) => {
      toast.success(T.actionDone(o.order_number, ACTION_DONE[a] ?? T.done.other));
      setConfirmCancel(false);
      qc.setQueryData([...ORDERS_KEY, 'detail', id], o);
      refresh();
    },
    onError: (e, a) => toast.error(errorMessage(e, ACTION_FALLBACK[a] ?? ORDER_ERRORS.update)),
  });

  if (!user) return null;
  if (!Number.isInteger(id) || id <= 0) return <EmptyState>{ORDER_NOT_FOUND}</EmptyState>;
  if (q.isLoading) return <Spinner />;
  if (q.error) {
    if (q.error instanceof ApiError && q.error.status === 404) {
      return (
        <EmptyState>
          <span data-testid="order-not-found">{ORDER_NOT_FOUND}</span>
        </EmptyState>
      );
    }
    return <ErrorBox>{errorMessage(q.error, ORDER_ERRORS.order)}</ErrorBox>;
  }
  const order = q.data;
  if (!order) return <EmptyState>{ORDER_NOT_FOUND}</EmptyState>;
  return (
    <>
      <OrderDetailView
        order={order}
        user={user}
        onAction={(a) => (a === 'cancel' ? setConfirmCancel(true) : act.mutate(a))}
        onEditAddress={() => setAddressOpen(true)}
        onEdit={() => setEditOpen(true)}
      />
      {addressOpen ? (
        <AddressEditDialog
          order={order}
          onClose={() => setAddressOpen(false)}
          onSaved={(o) => {
            qc.setQueryData([...ORDERS_KEY, 'detail', id], o);
            refresh();
            setAddressOpen(false);
          }}
        />
      ) : null}
      {editOpen ? <OrderFormDialog order={order} onClose={() => setEditOpen(false)} /> : null}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={UI.cancelOrder}
        message={T.cancelQuestion(order.order_number)}
        confirmLabel={UI.cancelAction}
        danger
        busy={act.isPending}
        onConfirm={() => act.mutate('cancel')}
      />
    </>
  );
}
