import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Pencil, Plus } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Customer, DeactivateCustomerResponse } from '../../../shared/schemas/customers';
import { apiDelete, apiPatch, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { ActiveBadge, ActiveToggleAction, RowAction } from '../../ui/RowAction';
import { EmptyState, PageHeader, table, scrollRegion } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { useEditDialog } from '../../ui/useEditDialog';
import { customerKeys, useCustomers } from './api';
import { CustomerFormDialog } from './CustomerFormDialog';
import { CustomerRatesPanel } from './CustomerRatesPanel';
import { CustomerUsersPanel } from './CustomerUsersPanel';
import { ApiKeysPanel } from '../api-keys/ApiKeysPanel';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';
import { CUSTOMERS_UI as T } from '../../../shared/i18n/masterdata';
import { UI } from '../../../shared/i18n/ui';

export function CustomersTable({
  customers,
  expanded,
  onToggleExpand,
  onEdit,
  onDeactivate,
  onReactivate,
}: {
  customers: Customer[];
  expanded: Set<number>;
  onToggleExpand: (c: Customer) => void;
  onEdit: (c: Customer) => void;
  onDeactivate: (c: Customer) => void;
  onReactivate: (c: Customer) => void;
}) {
  if (customers.length === 0) return <EmptyState>{T.empty}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion(T.tableRegion)}>
      <table className={table.table} data-testid="customers-table">
        <thead>
          <tr>
            <th className={`${table.th} w-8`}>
              <span className="sr-only">{T.colUsers}</span>
            </th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colNumber}</th>
            <th className={table.th}>{T.colCompany}</th>
            <th className={`${table.th} hidden md:table-cell`}>{T.colContact}</th>
            <th className={`${table.th} hidden lg:table-cell`}>{T.colReach}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colCity}</th>
            <th className={`${table.th} hidden sm:table-cell`}>{T.colStatus}</th>
            <th className={`${table.th} text-right`}>{T.colActions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {customers.map((c) => {
            const open = expanded.has(c.id);
            return (
              <Fragment key={c.id}>
                <tr className={`${table.tr} ${c.is_active ? '' : 'text-slate-400'}`} data-testid={`customer-row-${c.customer_number}`}>
                  <td className={`${table.td} px-1`}>
                    <button
                      type="button"
                      className="inline-flex h-8 w-8 items-center justify-center rounded hover:bg-slate-200"
                      onClick={() => onToggleExpand(c)}
                      aria-expanded={open}
                      aria-label={T.usersOf(c.company_name, open)}
                    >
                      {open ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
                    </button>
                  </td>
                  <td className={`${table.td} hidden whitespace-nowrap font-mono text-xs sm:table-cell`}>{c.customer_number}</td>
                  <td className={table.td}>
                    <div className="font-medium">{c.company_name}</div>
                    <div className="mt-0.5 flex flex-wrap items-center gap-1 sm:hidden">
                      <span className="font-mono text-xs text-slate-500">{c.customer_number}</span>
                      {c.is_active ? null : <ActiveBadge active={false} />}
                    </div>
                  </td>
                  <td className={`${table.td} hidden md:table-cell`}>{c.contact_person ?? '–'}</td>
                  <td className={`${table.td} hidden lg:table-cell`}>
                    <div className="break-all">{c.email ?? '–'}</div>
                    {c.phone ? <div className="text-xs text-slate-500">{c.phone}</div> : null}
                  </td>
                  <td className={`${table.td} hidden sm:table-cell`}>{[c.postal_code, c.city].filter(Boolean).join(' ') || '–'}</td>
                  <td className={`${table.td} hidden sm:table-cell`}>
                    <ActiveBadge active={c.is_active} />
                  </td>
                  <td className={`${table.td} text-right`}>
                    <div className="flex flex-nowrap justify-end gap-1">
                      <RowAction icon={<Pencil className="h-4 w-4" />} label={UI.edit} ariaLabel={T.edit(c.company_name)} onClick={() => onEdit(c)} />
                      <ActiveToggleAction active={c.is_active} name={c.company_name} onClick={() => (c.is_active ? onDeactivate(c) : onReactivate(c))} />
                    </div>
                  </td>
                </tr>
                {open ? (
                  <tr>
                    <td colSpan={8} className="p-0">
                      <CustomerUsersPanel customer={c} />
                      <CustomerRatesPanel customer={c} />
                      <div className="border-t border-slate-200 bg-slate-50 px-3 py-3">
                        <ApiKeysPanel customerId={c.id} heading />
                      </div>
                      <div className="border-t border-slate-200 bg-slate-50 px-3 py-3">
                        <WebhooksPanel customerId={c.id} heading />
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function CustomersScreen() {
  const qc = useQueryClient();
  const customers = useCustomers();
  const form = useEditDialog<Customer>();
  const [confirm, setConfirm] = useState<Customer | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());

  const deactivate = useMutation({
    mutationFn: (c: Customer) => apiDelete(`/customers/${c.id}`, DeactivateCustomerResponse),
    onSuccess: async (r) => {
      toast.success(r.message);
      setConfirm(null);
      await qc.invalidateQueries({ queryKey: customerKeys.customers });
    },
    onError: (e) => toast.error(errorMessage(e, UI.saveError)),
  });
  const reactivate = useMutation({
    mutationFn: (c: Customer) => apiPatch(`/customers/${c.id}`, { is_active: true }, Customer),
    onSuccess: async (c) => {
      toast.success(T.reactivated(c.company_name));
      await qc.invalidateQueries({ queryKey: customerKeys.customers });
    },
    onError: (e) => toast.error(errorMessage(e, UI.saveError)),
  });

  const toggleExpand = (c: Customer) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(c.id)) next.delete(c.id);
      else next.add(c.id);
      return next;
    });

  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button icon={<Plus className="h-4 w-4" />} onClick={form.openNew} data-testid="customer-new">
            {T.newCustomer}
          </Button>
        }
      />
      <QueryView query={customers} error={UI.loadCustomerDataError}>
        {(list) => (
          <CustomersTable
            customers={list}
            expanded={expanded}
            onToggleExpand={toggleExpand}
            onEdit={form.openEdit}
            onDeactivate={setConfirm}
            onReactivate={(c) => reactivate.mutate(c)}
          />
        )}
      </QueryView>
      <CustomerFormDialog open={form.open} onOpenChange={form.setOpen} editing={form.editing} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => {
          if (!o) setConfirm(null);
        }}
        title={T.deactivateTitle}
        message={
          <>
            <strong>{confirm?.company_name}</strong> {T.deactivateText}
          </>
        }
        confirmLabel={UI.deactivate}
        danger
        busy={deactivate.isPending}
        onConfirm={() => confirm && deactivate.mutate(confirm)}
      />
    </div>
  );
}
