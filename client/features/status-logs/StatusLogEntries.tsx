import { ArrowRight, ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { orderStatusLabel } from '../../../shared/domain/order-status';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../shared/domain/returns';
import { WAVE_STATUS_LABELS, WAVE_STATUSES } from '../../../shared/domain/wave-status';
import { formatDateTime } from '../../../shared/i18n/format';
import { STATUS_LOG_EVENT_LABELS, STATUS_LOG_UI } from '../../../shared/i18n/status-logs';
import type { StatusLogEntry } from '../../../shared/schemas/status-logs';
import { Badge, EmptyState } from '../../ui/misc';

/** A logged status code in German (wave, return or order status), unknown codes as they are. */
function statusLabel(s: string | null, event: StatusLogEntry['event_type']): string {
  if (!s) return '–';
  const isWave = event.startsWith('wave_') && (WAVE_STATUSES as readonly string[]).includes(s);
  if (isWave) return WAVE_STATUS_LABELS[s as (typeof WAVE_STATUSES)[number]];
  if (event.startsWith('return_') && (RETURN_STATUSES as readonly string[]).includes(s)) return RETURN_STATUS_LABELS[s as ReturnStatus];
  return orderStatusLabel(s);
}

export const EVENT_TONE: Record<StatusLogEntry['event_type'], 'blue' | 'green' | 'red' | 'amber' | 'gray'> = {
  wave_created: 'blue',
  wave_completed: 'green',
  pick_discrepancy: 'red',
  stocktake_created: 'blue',
  stocktake_booked: 'green',
  stocktake_cancelled: 'gray',
  stock_adjusted: 'amber',
  order_packed: 'blue',
  label_generated: 'gray',
  label_failed: 'red',
  order_shipped: 'green',
  order_completed: 'gray',
  return_announced: 'blue',
  return_received: 'amber',
  return_completed: 'green',
  item_discrepancy: 'amber',
  freight_quote_requested: 'blue',
  freight_quote_saved: 'gray',
};

function Ref({ label, id, text }: { label: string; id: number | null; text?: string | null }) {
  if (id === null) return null;
  return (
    <span className="whitespace-nowrap">
      <span className="text-slate-500">{label}:</span> {text ? `${text} (#${id})` : `#${id}`}
    </span>
  );
}

/** A deleted wave keeps its number in the event data (wave_created writes it). */
function loggedWaveNumber(e: StatusLogEntry): string | null {
  const n = e.event_data.wave_number;
  return typeof n === 'string' ? n : null;
}

function Entry({ e }: { e: StatusLogEntry }) {
  const [open, setOpen] = useState(false);
  const hasData = Object.keys(e.event_data).length > 0;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="status-log-entry">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={EVENT_TONE[e.event_type]}>{STATUS_LOG_EVENT_LABELS[e.event_type]}</Badge>
          {e.old_status || e.new_status ? (
            <span className="inline-flex items-center gap-1 text-sm text-slate-700" data-testid="status-change">
              {statusLabel(e.old_status, e.event_type)}
              <ArrowRight className="h-3.5 w-3.5 text-slate-400" aria-label="zu" />
              {statusLabel(e.new_status, e.event_type)}
            </span>
          ) : null}
        </div>
        <time className="text-xs text-slate-500" dateTime={String(e.created_at)}>
          {formatDateTime(e.created_at)}
        </time>
      </div>
      {e.description ? <p className="mt-1 text-sm text-slate-800">{e.description}</p> : null}
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        <Ref label={STATUS_LOG_UI.wave} id={e.wave_id} text={e.wave_number ?? loggedWaveNumber(e)} />
        <Ref label={STATUS_LOG_UI.cart} id={e.cart_id} />
        <Ref label={STATUS_LOG_UI.order} id={e.order_id} text={e.order_number} />
        {e.user_name ? (
          <span>
            <span className="text-slate-500">{STATUS_LOG_UI.user}:</span> {e.user_name}
          </span>
        ) : null}
        {e.tracking_number ? (
          <span className="break-all">
            <span className="text-slate-500">{STATUS_LOG_UI.tracking}:</span> {e.tracking_number}
          </span>
        ) : null}
        {e.carrier ? (
          <span>
            <span className="text-slate-500">{STATUS_LOG_UI.carrier}:</span> {e.carrier}
          </span>
        ) : null}
      </div>
      {hasData ? (
        <div className="mt-2">
          <button
            type="button"
            className="inline-flex min-h-9 items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            data-testid="event-data-toggle"
          >
            {open ? <ChevronDown className="h-3.5 w-3.5" /> : <ChevronRight className="h-3.5 w-3.5" />}
            {STATUS_LOG_UI.eventData}
          </button>
          {open ? (
            <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs text-slate-800" data-testid="event-data">
              {JSON.stringify(e.event_data, null, 2)}
            </pre>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The entries of one log, newest first, with the count above them. */
export function StatusLogEntries({ entries }: { entries: StatusLogEntry[] }) {
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" data-testid="status-log-count">
        {STATUS_LOG_UI.count(entries.length)}
      </p>
      {entries.length === 0 ? (
        <EmptyState>{STATUS_LOG_UI.empty}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {entries.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ul>
      )}
    </div>
  );
}
