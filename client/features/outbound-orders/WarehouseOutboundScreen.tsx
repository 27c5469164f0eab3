import { Link } from '@tanstack/react-router';
import { Layers, PlayCircle, Send } from 'lucide-react';
import { useState } from 'react';
import {
  canDoOrderAction,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type OrderStatusFilter,
  pickingStartSteps,
} from '../../../shared/domain/order-status';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { apiPost, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { routeDef } from '../../routes';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { useOrderPage, useRefreshOrders } from './hooks';
import { OrderTable, StatusFilterSelect } from './OrderParts';
import { ShipOrderDialog } from './ShipOrderDialog';
import { ORDER_ERRORS, ORDER_PICKING_UI } from '../../../shared/i18n/orders';
import { PAGER, PLACE_NAMES, UI } from '../../../shared/i18n/ui';
import { Pager } from '../../ui/Pager';

/** /warehouse/outbound: staff list across the allowed customers with the picking dialog and, for packed orders, the ship dialog (spec part 2 §2, §4). */

type StepResult = { order: OutboundOrder; outcome: 'started' | 'skipped' | 'failed'; message?: string };

const STEP_TEXT = (status: string) => {
  const steps = pickingStartSteps(status);
  if (steps.length === 2) return ORDER_PICKING_UI.stepConfirmStart;
  if (steps.length === 1) return ORDER_PICKING_UI.stepStart;
  return ORDER_PICKING_UI.stepSkip(ORDER_STATUS_LABELS[status as OrderStatus] ?? status);
};

function PickingDialog({ orders, onClose, onDone }: { orders: OutboundOrder[]; onClose: () => void; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<StepResult[] | null>(null);
  const run = async () => {
    setBusy(true);
    const out: StepResult[] = [];
    // One order after the other: new ones are confirmed first, confirmed go straight to start-picking, the rest is skipped.
    for (const o of orders) {
      const steps = pickingStartSteps(o.status);
      if (steps.length === 0) {
        out.push({ order: o, outcome: 'skipped' });
        continue;
      }
      try {
        for (const s of steps) await apiPost(`/outbound-orders/${o.id}/${s === 'confirm' ? 'confirm' : 'start-picking'}`, undefined, OutboundOrder);
        out.push({ order: o, outcome: 'started' });
      } catch (e) {
        out.push({ order: o, outcome: 'failed', message: errorMessage(e, ORDER_ERRORS.startPicking) });
      }
    }
    setResults(out);
    setBusy(false);
    const started = out.filter((r) => r.outcome === 'started').length;
    const failed = out.filter((r) => r.outcome === 'failed').length;
    if (started > 0) toast.success(ORDER_PICKING_UI.started(started));
    if (failed > 0) toast.error(ORDER_ERRORS.startPicking);
    onDone();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={ORDER_PICKING_UI.title}
      description={ORDER_PICKING_UI.description}
      footer={
        results ? (
          <Button onClick={onClose}>{UI.close}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {UI.cancel}
            </Button>
            <Button busy={busy} icon={<PlayCircle className="h-4 w-4" />} onClick={run} data-testid="picking-run">
              {ORDER_PICKING_UI.title}
            </Button>
          </>
        )
      }
    >
      <ul className="divide-y divide-slate-100 text-sm" data-testid="picking-plan">
        {orders.map((o) => {
          const r = results?.find((x) => x.order.id === o.id);
          return (
            <li key={o.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">
                {o.order_number} · {o.customer_name}
              </span>
              <span className={r?.outcome === 'failed' ? 'text-red-700' : r?.outcome === 'started' ? 'text-emerald-700' : 'text-slate-600'}>
                {r
                  ? r.outcome === 'started'
                    ? ORDER_PICKING_UI.outcomeStarted
                    : r.outcome === 'skipped'
                      ? ORDER_PICKING_UI.outcomeSkipped
                      : r.message
                  : STEP_TEXT(o.status)}
              </span>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

export function WarehouseOutboundScreen() {
  const { user } = useSession();
  const [shipping, setShipping] = useState<OutboundOrder | null>(null);
  const [filter, setFilter] = useState<OrderStatusFilter>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [picking, setPicking] = useState<OutboundOrder[] | null>(null);
  const list = useOrderPage(filter, page);
  const refresh = useRefreshOrders();
  const orders = list.data?.items ?? [];
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAll = (ids: number[]) => setSelected(ids.every((id) => selected.has(id)) ? new Set() : new Set(ids));
  const chosen = orders.filter((o) => selected.has(o.id));
  const waveBuilder = routeDef('/warehouse/wave-builder');

  return (
    <div>
      <PageHeader
        title={UI.outboundOrders}
        subtitle={UI.ordersOfAllCustomers}
        actions={
          <>
            {waveBuilder ? (
              <Link
                to="/warehouse/wave-builder"
                className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
              >
                <Layers className="h-4 w-4" /> {PLACE_NAMES.waveBuilder}
              </Link>
            ) : null}
            <Button icon={<PlayCircle className="h-4 w-4" />} disabled={chosen.length === 0} onClick={() => setPicking(chosen)} data-testid="picking-open">
              {ORDER_PICKING_UI.withCount(chosen.length)}
            </Button>
          </>
        }
      />
      <div className="mb-3">
        <StatusFilterSelect
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
            setSelected(new Set());
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
            orders={orders}
            showCustomer
            selectable={{ selected, onToggle: toggle, onToggleAll: toggleAll }}
            actions={(o) =>
              user && canDoOrderAction(user, o.status, 'ship') ? (
                <Button variant="secondary" size="sm" icon={<Send className="h-4 w-4" />} onClick={() => setShipping(o)} data-testid="order-ship">
                  {ORDER_ACTION_LABELS.ship}
                </Button>
              ) : null
            }
          />
          <Pager
            page={page}
            totalPages={list.data.total_pages}
            total={list.data.total}
            pageSize={list.data.page_size}
            items={PAGER.orders}
            onPage={(p) => {
              setPage(p);
              setSelected(new Set());
            }}
          />
        </>
      ) : null}
      {shipping ? <ShipOrderDialog order={shipping} onClose={() => setShipping(null)} onDone={refresh} /> : null}
      {picking ? (
        <PickingDialog
          orders={picking}
          onClose={() => {
            setPicking(null);
            setSelected(new Set());
          }}
          onDone={refresh}
        />
      ) : null}
    </div>
  );
}
