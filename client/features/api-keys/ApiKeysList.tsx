import { Ban } from 'lucide-react';
import { formatDateTime } from '../../../shared/i18n/format';
import type { ApiKey } from '../../../shared/schemas/api-keys';
import { Button } from '../../ui/Button';
import { API_KEYS_UI as T } from '../../../shared/i18n/api-keys';

/** The keys of a customer: name, prefix, created, last used (de-DE), and Widerrufen. */
export function ApiKeysList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (k: ApiKey) => void }) {
  if (keys.length === 0) return <p className="text-sm text-slate-500">{T.empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm" aria-label={T.tableRegion} data-testid="api-key-list">
      {keys.map((k) => (
        <li key={k.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2" data-testid={`api-key-${k.id}`}>
          <div className="min-w-0 flex-1 basis-48">
            <div className="font-medium break-words">{k.name}</div>
            <div className="font-mono text-xs text-slate-500">{k.prefix}…</div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
            <dt>{T.colCreated}:</dt>
            <dd>{formatDateTime(k.created_at)}</dd>
            <dt>{T.colLastUsed}:</dt>
            <dd>{k.last_used_at ? formatDateTime(k.last_used_at) : T.never}</dd>
          </dl>
          <Button variant="secondary" size="sm" icon={<Ban className="h-4 w-4" />} onClick={() => onRevoke(k)} aria-label={T.revokeLabel(k.name)}>
            {T.revoke}
          </Button>
        </li>
      ))}
    </ul>
  );
}
