import type { FormEvent } from 'react';
import { PACKING_LOG_EVENTS, PICKING_LOG_EVENTS, STATUS_LOG_LIMITS, type StatusLogType } from '../../../shared/domain/status-logs';
import { STATUS_LOG_EVENT_LABELS, STATUS_LOG_UI } from '../../../shared/i18n/status-logs';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import type { StatusLogFilters } from './useStatusLogs';

const ID_FIELDS: Array<[keyof StatusLogFilters, string]> = [
  ['wave_id', STATUS_LOG_UI.waveId],
  ['cart_id', STATUS_LOG_UI.cartId],
  ['order_id', STATUS_LOG_UI.orderId],
  ['user_id', STATUS_LOG_UI.userId],
];

/** The filter panel of one log tab: typed values apply on Apply (or Enter); Reset clears and applies. */
export function StatusLogFilterPanel({
  logType,
  value,
  onChange,
  onApply,
  onReset,
}: {
  logType: StatusLogType;
  value: StatusLogFilters;
  onChange: (f: StatusLogFilters) => void;
  onApply: () => void;
  onReset: () => void;
}) {
  const set = (k: keyof StatusLogFilters, v: string) => onChange({ ...value, [k]: v });
  const events = logType === 'picking' ? PICKING_LOG_EVENTS : PACKING_LOG_EVENTS;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form
      className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-4"
      onSubmit={submit}
      aria-label={STATUS_LOG_UI.filters}
      data-testid={`status-log-filters-${logType}`}
    >
      {ID_FIELDS.map(([k, label]) => (
        <Field key={k} label={label}>
          {(id) => (
            <Input id={id} inputMode="numeric" value={value[k]} onChange={(e) => set(k, e.target.value)} autoComplete="off" data-testid={`filter-${k}`} />
          )}
        </Field>
      ))}
      <Field label={STATUS_LOG_UI.eventType} className="col-span-2 sm:col-span-1">
        {(id) => (
          <Select id={id} value={value.event_type} onChange={(e) => set('event_type', e.target.value)} data-testid="filter-event_type">
            <option value="">{STATUS_LOG_UI.allEvents}</option>
            {events.map((ev) => (
              <option key={ev} value={ev}>
                {STATUS_LOG_EVENT_LABELS[ev]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={STATUS_LOG_UI.fromDate}>
        {(id) => <Input id={id} type="date" value={value.from_date} onChange={(e) => set('from_date', e.target.value)} data-testid="filter-from_date" />}
      </Field>
      <Field label={STATUS_LOG_UI.toDate}>
        {(id) => <Input id={id} type="date" value={value.to_date} onChange={(e) => set('to_date', e.target.value)} data-testid="filter-to_date" />}
      </Field>
      <Field label={STATUS_LOG_UI.limit}>
        {(id) => (
          <Select id={id} value={value.limit} onChange={(e) => set('limit', e.target.value)} data-testid="filter-limit">
            {STATUS_LOG_LIMITS.map((l) => (
              <option key={l} value={String(l)}>
                {l}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="col-span-2 flex flex-wrap justify-end gap-2 sm:col-span-4">
        <Button type="button" variant="secondary" onClick={onReset} data-testid="filter-reset">
          {STATUS_LOG_UI.reset}
        </Button>
        <Button type="submit" data-testid="filter-apply">
          {STATUS_LOG_UI.apply}
        </Button>
      </div>
    </form>
  );
}
