import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { RACK_DEFAULT_POSITION, RACK_MAX_COMPARTMENTS, RACK_MAX_LEVELS } from '../../../shared/constants';
import type { Building } from '../../../shared/schemas/buildings';
import { compartmentBarcode, CreateRackResponse, padCode, PLAN_UNITS_PER_METRE } from '../../../shared/schemas/locations';
import { apiPost, errorMessage, qs } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Textarea } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { BuildingRoomFields } from './BuildingRoomFields';
import { RACK_WIZARD_UI as T } from '../../../shared/i18n/racks';
import { UI } from '../../../shared/i18n/ui';

/** "Neues Regal anlegen": Basis, Struktur, Position; step 3 creates everything in one call. */

const STEPS = T.stepNames;

export function RackWizard({
  buildings,
  onClose,
  onCreated,
  defaults,
}: {
  buildings: Building[];
  onClose: () => void;
  onCreated: (r: CreateRackResponse) => void;
  defaults: { building_id: number | null; room_id: number | null };
}) {
  const [step, setStep] = useState(0);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [buildingId, setBuildingId] = useState<number | null>(defaults.building_id);
  const [roomId, setRoomId] = useState<number | null>(defaults.room_id);
  const [levels, setLevels] = useState('3');
  const [comps, setComps] = useState('4');
  const [x, setX] = useState(String(RACK_DEFAULT_POSITION.x / PLAN_UNITS_PER_METRE));
  const [y, setY] = useState(String(RACK_DEFAULT_POSITION.y / PLAN_UNITS_PER_METRE));
  const [error, setError] = useState<string | null>(null);

  const codeOk = /^[A-Z0-9_]{1,10}$/.test(code);
  const nLevels = Number(levels);
  const nComps = Number(comps);
  const structureOk =
    Number.isInteger(nLevels) && nLevels >= 1 && nLevels <= RACK_MAX_LEVELS && Number.isInteger(nComps) && nComps >= 1 && nComps <= RACK_MAX_COMPARTMENTS;
  const mx = Number(x.replace(',', '.'));
  const my = Number(y.replace(',', '.'));
  const positionOk = Number.isFinite(mx) && Number.isFinite(my) && mx >= 0 && my >= 0 && x !== '' && y !== '';

  const create = useMutation({
    mutationFn: () =>
      apiPost(
        `/locations/rack${qs({
          rack_code: code,
          name: name.trim() || undefined,
          description: description.trim() || undefined,
          building_id: buildingId,
          room_id: roomId,
          levels: nLevels,
          compartments_per_level: nComps,
          position_x: Math.round(mx * PLAN_UNITS_PER_METRE),
          position_y: Math.round(my * PLAN_UNITS_PER_METRE),
        })}`,
        undefined,
        CreateRackResponse,
      ),
    onSuccess: (r) => {
      toast.success(T.created(r.rack_code, r.compartment_count));
      onCreated(r);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, UI.createError)),
  });

  const next = () => {
    setError(null);
    if (step === 0 && !codeOk) return setError(T.codeInvalid);
    if (step === 1 && !structureOk) return setError(T.structureInvalid(RACK_MAX_LEVELS, RACK_MAX_COMPARTMENTS));
    setStep((s) => s + 1);
  };

  const last = structureOk ? compartmentBarcode(code || 'A', padCode(nLevels), padCode(nComps)) : '…';
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={T.title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={step === 0 ? onClose : () => setStep((s) => s - 1)}>
            {step === 0 ? T.cancel : T.back}
          </Button>
          {step < 2 ? (
            <Button onClick={next} disabled={step === 0 ? !code.trim() : !structureOk} data-testid="wizard-next">
              {T.next}
            </Button>
          ) : (
            <Button onClick={() => create.mutate()} disabled={!positionOk} busy={create.isPending} data-testid="wizard-create">
              {T.create}
            </Button>
          )}
        </>
      }
    >
      <ol className="mb-4 flex gap-2" aria-label={T.steps}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? 'step' : undefined}
            className={`flex flex-1 items-center gap-2 rounded-md border px-3 py-2 text-sm ${i === step ? 'border-brand-500 bg-brand-50 font-semibold text-brand-700' : i < step ? 'border-emerald-300 bg-emerald-50 text-emerald-800' : 'border-slate-200 text-slate-500'}`}
          >
            <span className="flex h-6 w-6 items-center justify-center rounded-full bg-white text-xs ring-1 ring-current">
              {i < step ? <Check className="h-3.5 w-3.5" /> : i + 1}
            </span>
            {s}
          </li>
        ))}
      </ol>
      {step === 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={T.code} required hint={T.codeHint}>
            {(id) => (
              <Input id={id} value={code} maxLength={10} autoFocus onChange={(e) => setCode(e.target.value.toUpperCase().replace(/\s/g, ''))} placeholder="A" />
            )}
          </Field>
          <Field label={T.name}>
            {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder={T.namePlaceholder(code || 'A')} />}
          </Field>
          <BuildingRoomFields
            buildings={buildings}
            buildingId={buildingId}
            roomId={roomId}
            onChange={(v) => {
              setBuildingId(v.buildingId);
              setRoomId(v.roomId);
            }}
          />
          <Field label={T.description} className="sm:col-span-2">
            {(id) => <Textarea id={id} value={description} maxLength={1000} onChange={(e) => setDescription(e.target.value)} />}
          </Field>
        </div>
      ) : null}
      {step === 1 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={T.levels} required hint={T.range(RACK_MAX_LEVELS)}>
            {(id) => <Input id={id} type="number" min={1} max={RACK_MAX_LEVELS} value={levels} onChange={(e) => setLevels(e.target.value)} />}
          </Field>
          <Field label={T.compartmentsPerLevel} required hint={T.range(RACK_MAX_COMPARTMENTS)}>
            {(id) => <Input id={id} type="number" min={1} max={RACK_MAX_COMPARTMENTS} value={comps} onChange={(e) => setComps(e.target.value)} />}
          </Field>
          <p className="text-sm text-slate-700 sm:col-span-2" data-testid="wizard-preview">
            {structureOk ? (
              <>
                {T.previewGrid(nLevels, nComps)} <strong>{T.previewTotal(nLevels * nComps)}</strong>
                {T.previewCodes(compartmentBarcode(code, '01', '01'), last)}
              </>
            ) : (
              <span className="text-red-600">{T.structureInvalid(RACK_MAX_LEVELS, RACK_MAX_COMPARTMENTS)}</span>
            )}
          </p>
        </div>
      ) : null}
      {step === 2 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="text-sm text-slate-600 sm:col-span-2">{T.positionHint}</p>
          <Field label={T.positionX} required>
            {(id) => <Input id={id} inputMode="decimal" value={x} onChange={(e) => setX(e.target.value)} />}
          </Field>
          <Field label={T.positionY} required>
            {(id) => <Input id={id} inputMode="decimal" value={y} onChange={(e) => setY(e.target.value)} />}
          </Field>
          <p className="text-sm text-slate-700 sm:col-span-2">
            {T.summaryBefore} <strong>{code}</strong> {T.summaryAfter(nLevels, nLevels * nComps)}
          </p>
        </div>
      ) : null}
      {error ? (
        <div className="mt-3">
          <ErrorBox>{error}</ErrorBox>
        </div>
      ) : null}
    </Dialog>
  );
}
