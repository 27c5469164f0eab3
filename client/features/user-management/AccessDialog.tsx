import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { User } from '../../../shared/schemas/auth';
import type { Customer } from '../../../shared/schemas/customers';
import { apiDelete, apiPut, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ActiveBadge } from '../../ui/RowAction';
import { ErrorBox } from '../../ui/misc';
import { keys } from '../users/api';
import { UNRESTRICTED_LABEL } from './access';
import { UI } from '../../../shared/i18n/ui';
import { ACCESS_UI as T } from '../../../shared/i18n/users';

/** Include or exclude list for one staff user; an empty selection removes the restriction. */
export function AccessDialog({ user, customers, onClose }: { user: User | null; customers: Customer[]; onClose: () => void }) {
  const qc = useQueryClient();
  const [exclude, setExclude] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    setExclude(user.is_exclude);
    setSelected(new Set(user.accessible_customer_ids));
    setError(null);
  }, [user]);

  const save = useMutation({
    mutationFn: async (ids: number[]) => {
      if (!user) throw new Error('no user');
      if (ids.length === 0) return apiDelete(`/users/${user.id}/customer-access`, User);
      return apiPut(`/users/${user.id}/customer-access`, { customer_ids: ids, is_exclude: exclude }, User);
    },
    onSuccess: async (u) => {
      toast.success(T.saved(u.full_name || u.username));
      await Promise.all([qc.invalidateQueries({ queryKey: keys.accessUsers }), qc.invalidateQueries({ queryKey: keys.users })]);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, UI.saveError)),
  });

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const ids = [...selected];
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={T.dialogTitle(user?.full_name || user?.username || '')}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button busy={save.isPending} onClick={() => save.mutate(ids)} data-testid="access-save">
            {T.save}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="access-dialog">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">{T.mode}</legend>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="access-mode" className="h-5 w-5" checked={!exclude} onChange={() => setExclude(false)} />
            {T.modeInclude}
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="access-mode" className="h-5 w-5" checked={exclude} onChange={() => setExclude(true)} />
            {T.modeExclude}
          </label>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{T.customers}</legend>
          <div className="max-h-72 overflow-y-auto rounded-md border border-slate-200">
            {customers.length === 0 ? <p className="p-3 text-sm text-slate-500">{T.noCustomers}</p> : null}
            {customers.map((c) => (
              <label key={c.id} className="flex min-h-11 items-center gap-3 border-b border-slate-100 px-3 text-sm last:border-b-0 hover:bg-slate-50">
                <input type="checkbox" className="h-5 w-5" checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
                <span className="flex-1">{c.company_name}</span>
                <span className="font-mono text-xs text-slate-500">{c.customer_number}</span>
                {c.is_active ? null : <ActiveBadge active={false} />}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-slate-600" data-testid="access-preview">
          {ids.length === 0 ? (
            <>
              {T.noSelectionBefore} <strong>{UNRESTRICTED_LABEL}</strong> {T.noSelectionAfter}
            </>
          ) : exclude ? (
            T.seesAllExcept(ids.length)
          ) : (
            T.seesOnly(ids.length)
          )}
        </p>
        {ids.length > 0 ? (
          <div>
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
              {T.clearSelection}
            </Button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
