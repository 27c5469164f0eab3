import { useMutation } from '@tanstack/react-query';
import { Pencil, Plus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { canDoOrderAction, type OrderStatusFilter } from '../../../shared/domain/order-status';
import { isCustomerUser } from '../../../shared/domain/roles';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { apiPost, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { useOrderPage, useRefreshOrders } from './hooks';
import { OrderFormDialog } from './OrderFormDialog';
import { OrderImportButton } from './OrderImportDialog';
import { OrderTable, StatusFilterSelect } from './OrderParts';
import { ORDER_ERRORS, ORDER_UI } from '../../../shared/i18n/orders';
import { PAGER, UI } from '../../../shared/i18n/ui';
import { Pager } from '../../ui/Pager';

/** /outbound-orders: customers place and follow their orders; staff see every allowed customer's. */
export function OutboundOrdersScreen() {
  const { user } = useSession();
  const [filter, setFilter] = useState<OrderStatusFilter>('open');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<OutboundOrder | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<OutboundOrder | null>(null);
  const list = useOrderPage(filter, page);
  const refresh = useRefreshOrders();
  const cancel = useMutation({
    mutationFn: (id: number) => apiPost(`/outbound-orders/${id}/cancel`, undefined, OutboundOrder),
    onSuccess: (o) => {
      toast.success(ORDER_UI.cancelled(o.order_number));
      setCancelling(null);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e, ORDER_ERRORS.cancel)),
  });
  if (!user) return null;
  const customer = isCustomerUser(user);

  return (
    <div>
      <PageHeader
        title={UI.outboundOrders}
        subtitle={customer ? ORDER_UI.customerSubtitle : UI.ordersOfAllCustomers}
        actions={
          customer ? (
            <div className="flex flex-wrap gap-2">
              <OrderImportButton />
              <Button icon={<Plus className="h-4 w-4" />} onClick={() => setEditing('new')} data-testid="order-new">
                {ORDER_UI.newOrder}
              </Button>
            </div>
          ) : null
        }
      />
      <div className="mb-3">
        <StatusFilterSelect
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
          }}
        />
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <ErrorBox>{errorMessage(list.error, ORDER_ERRORS.list)}</ErrorBox>
      ) : list.data ? (
        <>
          <OrderTable
            orders={list.data.items}
            showCustomer={!customer}
            actions={(o) =>
              !canDoOrderAction(user, o.status, 'edit') && !canDoOrderAction(user, o.status, 'cancel') ? null : (
                <div className="flex justify-end gap-1">
                  {canDoOrderAction(user, o.status, 'edit') ? (
                    <Button variant="ghost" size="sm" icon={<Pencil className="h-4 w-4" />} onClick={() => setEditing(o)} data-testid="order-edit">
                      {UI.edit}
                    </Button>
                  ) : null}
                  {canDoOrderAction(user, o.status, 'cancel') ? (
                    <Button variant="ghost" size="sm" icon={<XCircle className="h-4 w-4" />} onClick={() => setCancelling(o)} data-testid="order-cancel">
                      {UI.cancelAction}
                    </Button>
                  ) : null}
                </div>
              )
            }
          />
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} pageSize={list.data.page_size} items={PAGER.orders} onPage={setPage} />
        </>
      ) : null}
      {editing ? <OrderFormDialog order={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => (o ? null : setCancelling(null))}
        title={UI.cancelOrder}
        message={ORDER_UI.cancelQuestion(cancelling?.order_number ?? '')}
        confirmLabel={UI.cancelAction}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
      />
    </div>
  );
}
