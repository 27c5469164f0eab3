import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Building } from '../../../shared/schemas/buildings';
import { apiPatch, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { Field, Input } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { BUILDINGS_UI } from '../../../shared/i18n/masterdata';

/** Create or edit a building. */

export function BuildingDialog({ building, onClose, onSaved }: { building: Building | null; onClose: () => void; onSaved: (b: Building) => void }) {
  const qc = useQueryClient();
  const [code, setCode] = useState(building?.building_code ?? '');
  const [name, setName] = useState(building?.name ?? '');
  const [address, setAddress] = useState(building?.address ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = { building_code: code.trim(), name: name.trim(), address: address.trim() || null };
      return building ? apiPatch(`/buildings/${building.id}`, body, Building) : apiPost('/buildings/', body, Building);
    },
    onSuccess: (b) => {
      toast.success(building ? BUILDINGS_UI.saved : BUILDINGS_UI.created);
      void qc.invalidateQueries({ queryKey: ['buildings'] });
      onSaved(b);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, building ? UI.saveError : UI.createError)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(VALIDATION.buildingCodeRequired);
    if (!name.trim()) return setError(VALIDATION.nameRequired);
    setError(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={building ? BUILDINGS_UI.editBuilding : BUILDINGS_UI.newBuilding}
      footer={<FormFooter form="building-form" busy={save.isPending} onCancel={onClose} />}
    >
      <form id="building-form" onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
        <Field label={FIELD_LABELS.building_code} required>
          {(id) => (
            <Input
              id={id}
              value={code}
              maxLength={20}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              placeholder={BUILDINGS_UI.codePlaceholder}
              autoFocus
            />
          )}
        </Field>
        <Field label={FIELD_LABELS.name} required className="sm:col-span-2">
          {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder={BUILDINGS_UI.namePlaceholder} />}
        </Field>
        <Field label={FIELD_LABELS.address} className="sm:col-span-3">
          {(id) => <Input id={id} value={address} maxLength={500} onChange={(e) => setAddress(e.target.value)} placeholder={BUILDINGS_UI.addressPlaceholder} />}
        </Field>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </form>
    </Dialog>
  );
}
