import { useSession } from '../../app/auth';
import { Card, PageHeader } from '../../ui/misc';
import { ApiKeysPanel } from './ApiKeysPanel';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';
import { WEBHOOKS_UI } from '../../../shared/i18n/webhooks';
import { API_KEYS_UI as T } from '../../../shared/i18n/api-keys';

/** Kundenportal → API-Schlüssel: a customer user manages its own customer's keys and webhooks. */
export function ApiKeysScreen() {
  const { user } = useSession();
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Card className="p-4">
        {user?.customer_id ? <ApiKeysPanel customerId={user.customer_id} /> : <p className="text-sm text-slate-500">{T.portalOnly}</p>}
      </Card>
      {user?.customer_id ? (
        <Card className="mt-4 p-4">
          <h2 className="text-base font-semibold text-slate-800">{WEBHOOKS_UI.title}</h2>
          <p className="mb-3 text-sm text-slate-500">{WEBHOOKS_UI.subtitle}</p>
          <WebhooksPanel customerId={user.customer_id} />
        </Card>
      ) : null}
    </div>
  );
}
