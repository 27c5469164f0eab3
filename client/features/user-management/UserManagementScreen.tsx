import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../shared/domain/roles';
import type { User } from '../../../shared/schemas/auth';
import type { Customer } from '../../../shared/schemas/customers';
import { UserList } from '../../../shared/schemas/users';
import { apiGet, errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Badge, EmptyState, ErrorBox, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { useCustomers } from '../customers/api';
import { keys } from '../users/api';
import { AccessDialog } from './AccessDialog';
import { accessSummary } from './access';
import { UI } from '../../../shared/i18n/ui';
import { ACCESS_UI as T } from '../../../shared/i18n/users';

export function AccessTable({ users, customers, onManage }: { users: User[]; customers: Customer[]; onManage: (u: User) => void }) {
  if (users.length === 0) return <EmptyState>{T.empty}</EmptyState>;
  const names = new Map(customers.map((c) => [c.id, c.company_name]));
  return (
    <div className={table.wrap} {...scrollRegion(T.tableRegion)}>
      <table className={table.table} data-testid="access-table">
        <thead>
          <tr>
            <th className={table.th}>{T.colUser}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colRole}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colAccess}</th>
            <th className={`${table.th} text-right`}>{T.colAction}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => {
            const restricted = u.accessible_customer_ids.length > 0;
            const tone = restricted ? (u.is_exclude ? 'amber' : 'blue') : 'green';
            const summary = accessSummary(u, (id) => names.get(id));
            return (
              <tr key={u.id} className={`${table.tr} ${u.is_active ? '' : 'text-slate-400'}`} data-testid={`access-row-${u.username}`}>
                <td className={table.td}>
                  <div className="font-medium">{u.full_name || u.username}</div>
                  <div className="text-xs text-slate-500 sm:hidden">{ROLE_LABELS[u.role]}</div>
                  <div className="mt-1 sm:hidden">
                    <Badge tone={tone}>{summary}</Badge>
                  </div>
                </td>
                <td className={`${table.td} hidden sm:table-cell`}>{ROLE_LABELS[u.role]}</td>
                <td className={`${table.td} hidden sm:table-cell`}>
                  <Badge tone={tone}>{summary}</Badge>
                </td>
                <td className={`${table.td} text-right`}>
                  <Button
                    variant="secondary"
                    icon={<ShieldCheck className="h-4 w-4" />}
                    onClick={() => onManage(u)}
                    data-testid={`access-manage-${u.username}`}
                  >
                    {T.manage}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function UserManagementScreen() {
  const users = useQuery({ queryKey: keys.accessUsers, queryFn: () => apiGet('/users/', UserList) });
  const customers = useCustomers();
  const [managing, setManaging] = useState<User | null>(null);
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {users.isPending || customers.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <ErrorBox>{errorMessage(users.error, UI.loadUsersError)}</ErrorBox>
      ) : customers.isError ? (
        <ErrorBox>{errorMessage(customers.error, UI.loadCustomerDataError)}</ErrorBox>
      ) : (
        <AccessTable users={users.data} customers={customers.data} onManage={setManaging} />
      )}
      <AccessDialog user={managing} customers={customers.data ?? []} onClose={() => setManaging(null)} />
    </div>
  );
}
