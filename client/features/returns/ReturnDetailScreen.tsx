import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Archive, ArrowLeft, XCircle } from 'lucide-react';
import { useState } from 'react';
import { isStaff, type RoleSubject } from '../../../shared/domain/roles';
import { RETURN_CONDITION_LABELS, RETURN_DISPOSITION_LABELS, RETURN_REASON_LABELS } from '../../../shared/domain/returns';
import { formatDateTime } from '../../../shared/i18n/format';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { RETURNS_UI as T } from '../../../shared/i18n/returns';
import { UI, WORDS } from '../../../shared/i18n/ui';
import { ReturnDetail } from '../../../shared/schemas/returns';
import { apiPost, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { scrollRegion, table } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { Section } from '../outbound-orders/OrderDetailParts';
import { RETURNS_KEY, useRefreshReturns, useReturn } from './hooks';
import { ReturnStatusBadge } from './ReturnParts';

/** /returns/$returnId: the lines (announced, received) and what happened to each unit at the dock. */

export function ReturnDetailView({ r, user, onCancel, onComplete }: { r: ReturnDetail; user: RoleSubject; onCancel: () => void; onComplete: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link to="/returns" className="inline-flex min-h-10 items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" /> {T.backToList}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{T.detailTitle(r.return_number)}</h1>
          <ReturnStatusBadge status={r.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          <Link to="/outbound-orders/$orderId" params={{ orderId: String(r.outbound_order_id) }} className="text-brand-700 underline">
            {T.orderRef(r.order_number)}
          </Link>{' '}
          · {r.delivery_name} · {r.customer_name} · {formatDateTime(r.created_at)}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {r.status === 'announced' ? (
            <Button variant="danger" icon={<XCircle className="h-4 w-4" />} onClick={onCancel} data-testid="return-cancel">
              {T.cancel}
            </Button>
          ) : null}
          {r.status === 'received' && isStaff(user) ? (
            <Button icon={<Archive className="h-4 w-4" />} onClick={onComplete} data-testid="return-complete">
              {T.complete}
            </Button>
          ) : null}
        </div>
      </div>
      <Section title={T.lines}>
        <div className={table.wrap} {...scrollRegion(T.lines)}>
          <table className={table.table} data-testid="return-lines">
            <thead>
              <tr>
                <th className={table.th}>{WORDS.article}</th>
                <th className={`${table.th} hidden sm:table-cell`}>{FIELD_LABELS.ean}</th>
                <th className={table.th}>{T.colReason}</th>
                <th className={`${table.th} text-right`}>{T.colAnnounced}</th>
                <th className={`${table.th} text-right`}>{T.colReceived}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {r.lines.map((l) => (
                <tr key={l.product_id} data-testid="return-line">
                  <td className={table.td}>{l.product_title}</td>
                  <td className={`${table.td} hidden font-mono text-xs sm:table-cell`}>{l.product_ean}</td>
                  <td className={table.td}>{RETURN_REASON_LABELS[l.reason]}</td>
                  <td className={`${table.td} text-right tabular-nums`}>{l.quantity}</td>
                  <td className={`${table.td} text-right tabular-nums`}>{l.received_quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {r.note ? <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{r.note}</p> : null}
      </Section>
      <Section title={T.receipts}>
        {r.receipts.length === 0 ? (
          <p className="text-sm text-slate-500">{T.noReceipts}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="return-receipts">
            {r.receipts.map((x) => (
              <li key={x.id} className="flex flex-wrap items-baseline gap-x-3 py-1.5" data-testid="return-receipt">
                <span className="font-mono text-xs">{x.product_ean}</span>
                <span className="font-semibold tabular-nums">{x.quantity} ×</span>
                <span>{RETURN_CONDITION_LABELS[x.condition]}</span>
                <span className="font-medium">{RETURN_DISPOSITION_LABELS[x.disposition]}</span>
                {x.location_barcode ? <span className="font-mono text-xs text-slate-600">{x.location_barcode}</span> : null}
                <span className="ml-auto text-xs text-slate-500">
                  {x.received_by_name ?? ''} {formatDateTime(x.received_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

export function ReturnDetailScreen() {
  const { user } = useSession();
  const params = useParams({ strict: false }) as { returnId?: string };
  const id = Number(params.returnId);
  const q = useReturn(id);
  const qc = useQueryClient();
  const refresh = useRefreshReturns();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const act = useMutation({
    mutationFn: (a: 'cancel' | 'complete') => apiPost(`/returns/${id}/${a}`, undefined, ReturnDetail),
    onSuccess: (r, a) => {
      toast.success(a === 'cancel' ? T.cancelled(r.return_number) : T.completed(r.return_number));
      setConfirmCancel(false);
      qc.setQueryData([...RETURNS_KEY, 'detail', id], r);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e, T.actionError)),
  });
  if (!user) return null;
  return (
    <QueryView query={q} error={T.detailError} notFound={T.notFound}>
      {(r) => (
        <>
          <ReturnDetailView r={r} user={user} onCancel={() => setConfirmCancel(true)} onComplete={() => act.mutate('complete')} />
          <ConfirmDialog
            open={confirmCancel}
            onOpenChange={setConfirmCancel}
            title={T.cancel}
            message={T.cancelQuestion(r.return_number)}
            confirmLabel={UI.cancelAction}
            danger
            busy={act.isPending}
            onConfirm={() => act.mutate('cancel')}
          />
        </>
      )}
    </QueryView>
  );
}
