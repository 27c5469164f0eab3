import { useSession } from '../../app/auth';
import { Card, PageHeader } from '../../ui/misc';
import { ApiKeysPanel } from './ApiKeysPanel';
import { API_KEYS_UI as T } from '../../../shared/i18n/api-keys';

/** Kundenportal → API-Schlüssel: a customer user manages its own customer's keys. */
export function ApiKeysScreen() {
  const { user } = useSession();
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Card className="p-4">
        {user?.customer_id ? <ApiKeysPanel customerId={user.customer_id} /> : <p className="text-sm text-slate-500">{T.portalOnly}</p>}
      </Card>
    </div>
  );
}
