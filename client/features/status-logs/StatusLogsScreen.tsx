import { useState } from 'react';
import type { StatusLogType } from '../../../shared/domain/status-logs';
import { STATUS_LOG_UI } from '../../../shared/i18n/status-logs';
import { PageHeader, Spinner } from '../../ui/misc';
import { Tabs } from '../../ui/Tabs';
import { StatusLogEntries } from './StatusLogEntries';
import { StatusLogFilterPanel } from './StatusLogFilterPanel';
import { EMPTY_FILTERS, type StatusLogFilters, useStatusLogs } from './useStatusLogs';

/** One tab: the typed filters, the applied ones (what is loaded), the entries. */
function LogTab({ logType }: { logType: StatusLogType }) {
  const [draft, setDraft] = useState<StatusLogFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<StatusLogFilters>(EMPTY_FILTERS);
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

/** Statusprotokolle (admin, /status-logs): the picking and packing logs. */
export function StatusLogsScreen() {
  return (
    <div>
      <PageHeader title={STATUS_LOG_UI.title} />
      <Tabs
        items={[
          { value: 'picking', label: STATUS_LOG_UI.tabPicking, content: <LogTab logType="picking" /> },
          { value: 'packing', label: STATUS_LOG_UI.tabPacking, content: <LogTab logType="packing" /> },
        ]}
      />
    </div>
  );
}
