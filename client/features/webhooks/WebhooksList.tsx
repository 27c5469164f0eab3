import { ChevronDown, ChevronRight, Send, Trash2 } from 'lucide-react';
import { formatDateTime } from '../../../shared/i18n/format';
import { WEBHOOK_EVENT_LABELS, WEBHOOKS_UI as T } from '../../../shared/i18n/webhooks';
import type { Webhook } from '../../../shared/schemas/webhooks';
import { Button } from '../../ui/Button';
import { DeliveriesLogWithData } from './DeliveriesLog';

export interface WebhooksListProps {
  hooks: Webhook[];
  open: number | null;
  onToggle: (id: number) => void;
  onTest: (h: Webhook) => void;
  testing: number | null;
  onDelete: (h: Webhook) => void;
}

/** The webhooks of a customer: URL, events, secret prefix, created; Test senden, Löschen and the deliveries log. */
export function WebhooksList({ hooks, open, onToggle, onTest, testing, onDelete }: WebhooksListProps) {
  if (hooks.length === 0) return <p className="text-sm text-slate-500">{T.empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm" aria-label={T.tableRegion} data-testid="webhook-list">
      {hooks.map((h) => (
        <li key={h.id} className="flex flex-col gap-2 px-3 py-2" data-testid={`webhook-${h.id}`}>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <div className="min-w-0 flex-1 basis-64">
              <div className="break-all font-mono text-sm font-medium">{h.url}</div>
              <div className="text-xs text-slate-600">{h.events.map((e) => WEBHOOK_EVENT_LABELS[e] ?? e).join(' · ')}</div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
              <dt>{T.colSecret}:</dt>
              <dd className="font-mono">{h.secret_prefix}…</dd>
              <dt>{T.colCreated}:</dt>
              <dd>{formatDateTime(h.created_at)}</dd>
            </dl>
            <div className="flex flex-wrap gap-1">
              <Button variant="secondary" size="sm" icon={<Send className="h-4 w-4" />} busy={testing === h.id} onClick={() => onTest(h)}>
                {T.sendTest}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                icon={open === h.id ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
                aria-expanded={open === h.id}
                onClick={() => onToggle(h.id)}
              >
                {T.showDeliveries}
              </Button>
              <Button variant="secondary" size="sm" icon={<Trash2 className="h-4 w-4" />} onClick={() => onDelete(h)} aria-label={T.removeLabel(h.url)}>
                {T.remove}
              </Button>
            </div>
          </div>
          {open === h.id ? <DeliveriesLogWithData webhookId={h.id} /> : null}
        </li>
      ))}
    </ul>
  );
}
