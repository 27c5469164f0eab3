import { Ban } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { errorText } from '../../../shared/i18n/errors/index';
import { OFFLINE_COMMAND_LABELS } from '../../../shared/i18n/sync';
import { SYNC_REJECTIONS_UI } from '../../../shared/i18n/sync-rejections';
import { texts } from '../../../shared/i18n/translate';
import type { SyncRejection } from '../../../shared/schemas/sync-rejections';
import { EmptyState, ErrorBox, scrollRegion, Spinner, table } from '../../ui/misc';

/** The key facts of a booking as "label value" pairs, in the order a person reads them. */
function facts(r: SyncRejection): Array<[string, string]> {
  const f = r.facts;
  const FIELD = texts(FIELD_LABELS);
  const out: Array<[string, string]> = [];
  if (f.ean) out.push([FIELD.ean, f.ean]);
  if (f.location_barcode) out.push([FIELD.location_barcode, f.location_barcode]);
  if (f.quantity !== null) out.push([FIELD.quantity, formatNumber(f.quantity)]);
  if (f.wave_id !== null) out.push([FIELD.wave_id, `#${f.wave_id}`]);
  if (f.order_ids.length > 0) out.push([FIELD.order_ids, f.order_ids.map((id) => `#${id}`).join(', ')]);
  if (f.notification_id !== null) out.push([FIELD.notification_id, `#${f.notification_id}`]);
  return out;
}

function Facts({ r }: { r: SyncRejection }) {
  const list = facts(r);
  if (list.length === 0) return <span className="text-slate-400">–</span>;
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
      {list.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-slate-500">{label}:</dt>
          <dd className="break-all font-medium text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A device's client id is long and random: its start tells devices apart, the full id is in the tooltip. */
function Device({ id }: { id: string }) {
  return (
    <span className="whitespace-nowrap font-mono text-xs text-slate-600" title={id}>
      {id.length > 8 ? `${id.slice(0, 8)}…` : id}
    </span>
  );
}

const key = (r: SyncRejection) => `${r.client_id}-${r.mutation_id}`;
/** The kind of booking and the refusal in the language in use (the server sends both in German; an unknown one as sent). */
const commandOf = (r: SyncRejection) => texts(OFFLINE_COMMAND_LABELS)[r.command] ?? r.command_label;
const reasonOf = (r: SyncRejection) => errorText(r.code, r.params, r.message);

/** Display only: table from md up, cards below (360 px scanners). */
export function RejectionsList({ rows }: { rows: SyncRejection[] }) {
  const UI = texts(SYNC_REJECTIONS_UI);
  return (
    <>
      <div className={`${table.wrap} hidden md:block`} {...scrollRegion(UI.title)}>
        <table className={table.table} data-testid="sync-rejections-table">
          <thead>
            <tr>
              <th className={table.th}>{UI.when}</th>
              <th className={`${table.th} whitespace-nowrap`}>
                {UI.user} / {UI.device}
              </th>
              <th className={table.th}>{UI.command}</th>
              <th className={table.th}>{UI.facts}</th>
              <th className={table.th}>{UI.reason}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={key(r)} className={table.tr} data-testid="sync-rejection-row">
                <td className={`${table.td} whitespace-nowrap`}>
                  {formatDateTime(r.created_at)}
                  <div className="text-xs text-slate-500">
                    {UI.number} {r.mutation_id}
                  </div>
                </td>
                <td className={table.td}>
                  <div className="whitespace-nowrap font-medium">{r.user_name}</div>
                  <Device id={r.client_id} />
                </td>
                <td className={table.td}>{commandOf(r)}</td>
                <td className={table.td}>
                  <Facts r={r} />
                </td>
                <td className={`${table.td} font-medium text-red-800`} data-testid="sync-rejection-reason">
                  {reasonOf(r)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((r) => (
          <li key={key(r)} className="rounded-lg border border-red-200 bg-white p-3" data-testid="sync-rejection-card">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900">{commandOf(r)}</span>
              <span className="text-xs text-slate-500">{formatDateTime(r.created_at)}</span>
            </div>
            <div className="mt-1 text-sm font-medium text-red-800">{reasonOf(r)}</div>
            <div className="mt-2">
              <Facts r={r} />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
              <span>
                {UI.user}: {r.user_name}
              </span>
              <span>·</span>
              <span>
                {UI.device}: <Device id={r.client_id} />
              </span>
              <span>·</span>
              <span>
                {UI.number} {r.mutation_id}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Display part of the section "Abgelehnte Buchungen aller Geräte" on /sync; the
 * dashboard's sync_rejected alert links to /sync#abgelehnt and lands here once loaded.
 */
export function RejectionsSection({ rows, loading, failed }: { rows: SyncRejection[] | undefined; loading: boolean; failed: boolean }) {
  const ref = useRef<HTMLElement>(null);
  const ready = !loading;
  const UI = texts(SYNC_REJECTIONS_UI);
  // The anchor is an address (the dashboard links to it), not a text: always the German catalogue's.
  const anchor = SYNC_REJECTIONS_UI.anchor;
  useEffect(() => {
    if (ready && window.location.hash === `#${anchor}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [ready]);
  return (
    <section id={anchor} ref={ref} aria-labelledby="rejections-h" className="scroll-mt-4" data-testid="sync-rejections">
      <h2 id="rejections-h" className="mb-2 flex items-center gap-2 text-lg font-semibold">
        <Ban className="h-5 w-5 shrink-0 text-red-600" aria-hidden />
        <span>
          {UI.title}
          {rows ? <span data-testid="sync-rejections-count"> ({rows.length})</span> : null}
        </span>
      </h2>
      {loading ? <Spinner label={UI.loading} /> : null}
      {failed && !rows ? <ErrorBox>{UI.loadError}</ErrorBox> : null}
      {rows && rows.length === 0 ? <EmptyState>{UI.empty}</EmptyState> : null}
      {rows && rows.length > 0 ? <RejectionsList rows={rows} /> : null}
    </section>
  );
}
