import { RefreshCw } from 'lucide-react';
import { formatDateTime } from '../../../shared/i18n/format';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOKS_UI as T } from '../../../shared/i18n/webhooks';
import type { WebhookDelivery } from '../../../shared/schemas/webhooks';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Badge, ErrorBox, Spinner, scrollRegion, table } from '../../ui/misc';
import { useDeliveries } from './api';

const TONE = { pending: 'amber', delivered: 'green', failed: 'red' } as const;

/** Loads the deliveries of one webhook (GET /webhooks/{id}/deliveries). */
export function DeliveriesLogWithData({ webhookId }: { webhookId: number }) {
  const q = useDeliveries(webhookId);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorBox>{errorMessage(q.error, T.loadError)}</ErrorBox>;
  return <DeliveriesLog deliveries={q.data} onRefresh={() => q.refetch()} refreshing={q.isFetching} />;
}

/** The deliveries log: event, status, attempts, the receiver's answer, the last error and the next try. */
export function DeliveriesLog({ deliveries, onRefresh, refreshing }: { deliveries: WebhookDelivery[]; onRefresh: () => void; refreshing: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h4 className="text-sm font-semibold text-slate-700">{T.deliveries}</h4>
        <Button variant="secondary" size="sm" icon={<RefreshCw className="h-4 w-4" />} busy={refreshing} onClick={onRefresh}>
          {T.refresh}
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-500">{T.noDeliveries}</p>
      ) : (
        <div className={table.wrap} {...scrollRegion(T.deliveries)}>
          <table className={table.table} data-testid="webhook-deliveries">
            <thead>
              <tr>
                <th className={table.th}>{T.colTime}</th>
                <th className={table.th}>{T.colEvent}</th>
                <th className={table.th}>{T.colStatus}</th>
                <th className={table.th}>{T.colAttempts}</th>
                <th className={table.th}>{T.colResponse}</th>
                <th className={table.th}>{T.colLastError}</th>
                <th className={table.th}>{T.colNextTry}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.map((d) => (
                <tr key={d.id} className={table.tr} data-testid={`webhook-delivery-${d.id}`}>
                  <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(d.last_attempt_at ?? d.created_at)}</td>
                  <td className={table.td}>
                    <div>{WEBHOOK_EVENT_LABELS[d.event_type] ?? d.event_type}</div>
                    <div className="font-mono text-xs text-slate-500">{d.event_id}</div>
                  </td>
                  <td className={table.td}>
                    <Badge tone={TONE[d.status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}</Badge>
                  </td>
                  <td className={`${table.td} text-right tabular-nums`}>{d.attempts}</td>
                  <td className={`${table.td} tabular-nums`}>{d.response_status ?? '–'}</td>
                  <td className={`${table.td} max-w-xs break-words text-xs`}>{d.last_error ?? '–'}</td>
                  <td className={`${table.td} whitespace-nowrap`}>{d.status === 'pending' && d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
