import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { RACK_MAX_COMPARTMENTS, RACK_MAX_LEVELS } from '../../../shared/constants';
import { DeleteLocationResponse, type HierarchyRack, LocationNode } from '../../../shared/schemas/locations';
import { apiDelete, apiPost, errorMessage, qs } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { RACK_STRUCTURE_UI as T } from '../../../shared/i18n/racks';
import { UI } from '../../../shared/i18n/ui';
import { CompartmentChip, useBlocking } from './blocking';

/**
 * Structure of an existing rack inside its edit dialog: add a level (with its
 * compartments), add a compartment to a level, remove an empty level or
 * compartment. Each action is one call; the hierarchy query is refreshed so
 * the dialog shows the rack as the server has it.
 */
export function RackStructure({ rack }: { rack: HierarchyRack }) {
  const qc = useQueryClient();
  const [newLevelCompartments, setNewLevelCompartments] = useState('4');
  const [error, setError] = useState<string | null>(null);
  const blocking = useBlocking();
  const refresh = () => qc.invalidateQueries({ queryKey: ['locations'] });
  const call = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: async () => {
      setError(null);
      await refresh();
    },
    onError: (e) => setError(errorMessage(e, UI.saveError)),
  });

  const count = Number(newLevelCompartments);
  const countOk = /^\d+$/.test(newLevelCompartments) && count >= 1 && count <= RACK_MAX_COMPARTMENTS;
  const addLevel = () =>
    call.mutate(async () => {
      const level = await apiPost(`/locations/level${qs({ rack_id: rack.id, compartments: count })}`, undefined, LocationNode);
      toast.success(T.levelCreated(`${rack.rack_code}-${level.code}`));
    });
  const addCompartment = (levelId: number, levelCode: string) =>
    call.mutate(async () => {
      const c = await apiPost(`/locations/compartment${qs({ level_id: levelId })}`, undefined, LocationNode);
      toast.success(T.compartmentCreated(c.barcode ?? `${rack.rack_code}-${levelCode}-${c.code}`));
    });
  const remove = (id: number) =>
    call.mutate(async () => {
      const r = await apiDelete(`/locations/${id}`, DeleteLocationResponse);
      toast.success(r.message);
    });

  return (
    <section aria-label={T.title} className="mt-4 border-t border-slate-200 pt-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{T.title}</h3>
      <ul className="space-y-2" data-testid="rack-structure">
        {rack.levels.map((level) => (
          <li key={level.id} className="rounded-md border border-slate-200 p-2" data-testid={`level-${level.level_code}`}>
            <div className="flex flex-wrap items-center gap-1">
              <span className="mr-1 w-20 text-sm font-medium text-slate-700">{T.level(level.level_code)}</span>
              {level.compartments.map((c) => (
                <CompartmentChip key={c.id} c={c} disabled={call.isPending || blocking.pending} onToggle={(v) => blocking.place.mutate(v)}>
                  {c.stock_quantity === 0 ? (
                    <button
                      type="button"
                      className="ml-1 rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-40"
                      aria-label={T.removeCompartment(c.barcode)}
                      disabled={call.isPending}
                      onClick={() => remove(c.id)}
                    >
                      <X className="h-3 w-3" />
                    </button>
                  ) : (
                    <span className="px-1.5 text-slate-500">{c.stock_quantity.toLocaleString('de-DE')}</span>
                  )}
                </CompartmentChip>
              ))}
              <Button
                size="sm"
                variant="ghost"
                icon={<Plus className="h-3.5 w-3.5" />}
                disabled={call.isPending || level.compartments.length >= RACK_MAX_COMPARTMENTS}
                onClick={() => addCompartment(level.id, level.level_code)}
                aria-label={T.addCompartmentTo(level.level_code)}
              >
                {T.compartment}
              </Button>
              {level.compartments.every((c) => c.stock_quantity === 0) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-auto text-red-700"
                  disabled={call.isPending}
                  onClick={() => remove(level.id)}
                  aria-label={T.removeLevelNamed(level.level_code)}
                >
                  {T.removeLevel}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Field label={T.newLevelCompartments} className="w-48">
          {(id) => (
            <Input
              id={id}
              inputMode="numeric"
              value={newLevelCompartments}
              onChange={(e) => setNewLevelCompartments(e.target.value.replace(/\D/g, ''))}
              aria-invalid={!countOk}
            />
          )}
        </Field>
        <Button
          variant="secondary"
          icon={<Plus className="h-4 w-4" />}
          disabled={!countOk || call.isPending || rack.levels.length >= RACK_MAX_LEVELS}
          onClick={addLevel}
        >
          {T.addLevel}
        </Button>
        {!countOk ? <span className="text-xs text-red-700">{T.compartmentsRange(RACK_MAX_COMPARTMENTS)}</span> : null}
      </div>
      {error ? (
        <div className="mt-2">
          <ErrorBox>{error}</ErrorBox>
        </div>
      ) : null}
    </section>
  );
}
