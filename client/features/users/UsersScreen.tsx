import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, QrCode } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS, type Role } from '../../../shared/domain/roles';
import { User } from '../../../shared/schemas/auth';
import { apiPut, errorMessage } from '../../app/api';
import { demoLoginsKey } from '../../app/DemoLoginsBanner';
import { useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ActiveBadge, ActiveToggleAction, RowAction } from '../../ui/RowAction';
import { Badge, EmptyState, PageHeader, table, scrollRegion } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { useEditDialog } from '../../ui/useEditDialog';
import { useCustomers } from '../customers/api';
import { keys, useUsers } from './api';
import { QrCodeDialog } from './QrCodeDialog';
import { UserFormDialog } from './UserFormDialog';
import { USERS_UI as T } from '../../../shared/i18n/masterdata';
import { UI } from '../../../shared/i18n/ui';
import { errorText } from '../../../shared/i18n/errors';

const ROLE_TONE: Record<Role, 'purple' | 'blue' | 'gray' | 'amber'> = {
  admin: 'purple',
  warehouse_manager: 'blue',
  warehouse_worker: 'gray',
  customer_user: 'amber',
};

export function UsersTable({
  users,
  selfId,
  busyId,
  onEdit,
  onQr,
  onToggleActive,
}: {
  users: User[];
  selfId: number | null;
  busyId: number | null;
  onEdit: (u: User) => void;
  onQr: (u: User) => void;
  onToggleActive: (u: User) => void;
}) {
  if (users.length === 0) return <EmptyState>{T.empty}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion(T.tableRegion)}>
      <table className={table.table} data-testid="users-table">
        <thead>
          <tr>
            <th className={table.th}>{T.colUser}</th>
            <th className={`${table.th} hidden md:table-cell`}>{T.colEmail}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colRole}</th>
            <th className={`${table.th} hidden lg:table-cell`}>{T.colCustomer}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colLogin}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colStatus}</th>
            <th className={`${table.th} text-right`}>{T.colActions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <tr key={u.id} className={`${table.tr} ${u.is_active ? '' : 'text-slate-400'}`} data-testid={`user-row-${u.username}`}>
              <td className={table.td}>
                <div className="font-medium">{u.full_name || u.username}</div>
                {u.full_name ? <div className="text-xs text-slate-500 [overflow-wrap:anywhere]">{u.username}</div> : null}
                <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
                  <Badge tone={ROLE_TONE[u.role]}>{ROLE_LABELS[u.role]}</Badge>
                  {u.is_active ? null : <ActiveBadge active={false} />}
                </div>
              </td>
              <td className={`${table.td} hidden md:table-cell`}>{u.email ?? '–'}</td>
              <td className={`${table.td} hidden sm:table-cell`}>
                <div className="flex flex-wrap gap-1">
                  <Badge tone={ROLE_TONE[u.role]}>{ROLE_LABELS[u.role]}</Badge>
                  {u.is_admin && u.role !== 'admin' ? <Badge tone="purple">{T.admin}</Badge> : null}
                </div>
              </td>
              <td className={`${table.td} hidden lg:table-cell`}>{u.customer_name ?? '–'}</td>
              <td className={`${table.td} hidden whitespace-nowrap sm:table-cell`}>{u.has_password ? T.passwordAndQr : T.qrOnly}</td>
              <td className={`${table.td} hidden sm:table-cell`}>
                <ActiveBadge active={u.is_active} />
              </td>
              <td className={`${table.td} text-right`}>
                <div className="flex flex-nowrap justify-end gap-1">
                  <RowAction icon={<Pencil className="h-4 w-4" />} label={UI.edit} ariaLabel={T.edit(u.username)} labelFrom="2xl" onClick={() => onEdit(u)} />
                  <RowAction icon={<QrCode className="h-4 w-4" />} label={T.qrCode} ariaLabel={T.qrFor(u.username)} labelFrom="2xl" onClick={() => onQr(u)} />
                  <ActiveToggleAction
                    active={u.is_active}
                    name={u.username}
                    labelFrom="2xl"
                    onClick={() => onToggleActive(u)}
                    disabled={u.id === selfId}
                    busy={busyId === u.id}
                    title={u.id === selfId ? errorText('CANNOT_DEACTIVATE_SELF') : undefined}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function UsersScreen() {
  const qc = useQueryClient();
  const { user: me } = useSession();
  const users = useUsers();
  const customers = useCustomers();
  const form = useEditDialog<User>();
  const [qrUser, setQrUser] = useState<User | null>(null);

  const toggle = useMutation({
    mutationFn: (u: User) => apiPut(`/auth/users/${u.id}`, { role: u.role, is_active: !u.is_active }, User),
    onSuccess: async (u) => {
      toast.success(T.toggled(u.username, u.is_active));
      await Promise.all([
        qc.invalidateQueries({ queryKey: keys.users }),
        qc.invalidateQueries({ queryKey: keys.accessUsers }),
        qc.invalidateQueries({ queryKey: demoLoginsKey }),
      ]);
    },
    onError: (e) => toast.error(errorMessage(e, UI.saveError)),
  });

  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button icon={<Plus className="h-4 w-4" />} onClick={form.openNew} data-testid="user-new">
            {T.newUser}
          </Button>
        }
      />
      <QueryView query={users} error={UI.loadUsersError}>
        {(list) => (
          <UsersTable
            users={list}
            selfId={me?.id ?? null}
            busyId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
            onEdit={form.openEdit}
            onQr={setQrUser}
            onToggleActive={(u) => toggle.mutate(u)}
          />
        )}
      </QueryView>
      <UserFormDialog open={form.open} onOpenChange={form.setOpen} editing={form.editing} customers={customers.data ?? []} />
      <QrCodeDialog user={qrUser} onClose={() => setQrUser(null)} />
    </div>
  );
}
