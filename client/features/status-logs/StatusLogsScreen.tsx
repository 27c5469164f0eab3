import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { STATUS_LOG_EVENTS, type StatusLogType, logTypeOf } from '../../../shared/domain/status-logs';
import { STATUS_LOG_UI } from '../../../shared/i18n/status-logs';
import { PageHeader, Spinner } from '../../ui/misc';
import { Tabs } from '../../ui/Tabs';
import { StatusLogEntries } from './StatusLogEntries';
import { StatusLogFilterPanel } from './StatusLogFilterPanel';
import { EMPTY_FILTERS, type StatusLogFilters, useStatusLogs } from './useStatusLogs';

/** One tab: the typed filters, the applied ones (what is loaded), the entries. */
function LogTab({ logType, eventType = '' }: { logType: StatusLogType; eventType?: string }) {
  const [draft, setDraft] = useState<StatusLogFilters>({ ...EMPTY_FILTERS, event_type: eventType });
  const [applied, setApplied] = useState<StatusLogFilters>({ ...EMPTY_FILTERS, event_type: eventType });
  const logs = useStatusLogs(logType, applied);
  return (
    <div data-testid={`status-log-tab-${logType}`}>
      <StatusLogFilterPanel
        logType={logType}
        value={draft}
        onChange={setDraft}
        onApply={() => setApplied(draft)}
        onReset={() => {
          setDraft(EMPTY_FILTERS);
          setApplied(EMPTY_FILTERS);
        }}
      />
      {logs.isLoading ? <Spinner label={STATUS_LOG_UI.loading} /> : <StatusLogEntries entries={logs.data ?? []} />}
    </div>
  );
}

/**
 * Statusprotokolle (admin, /status-logs): the picking and packing logs.
 * `?event_type=` (the dashboard's alert links) opens that event's log with the filter set.
 */
export function StatusLogsScreen() {
  const search = useSearch({ strict: false }) as { event_type?: unknown };
  const linked = STATUS_LOG_EVENTS.find((e) => e === search.event_type);
  const linkedLog = linked ? logTypeOf(linked) : 'picking';
  const eventFor = (log: StatusLogType) => (linked && linkedLog === log ? linked : '');
  return (
    <div>
      <PageHeader title={STATUS_LOG_UI.title} />
      <Tabs
        defaultValue={linkedLog}
        items={[
          { value: 'picking', label: STATUS_LOG_UI.tabPicking, content: <LogTab logType="picking" eventType={eventFor('picking')} /> },
          { value: 'packing', label: STATUS_LOG_UI.tabPacking, content: <LogTab logType="packing" eventType={eventFor('packing')} /> },
        ]}
      />
    </div>
  );
}
