import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BASE_UNIT_LABELS, BASE_UNITS, type BaseUnit } from '../../../shared/constants';
import { CatalogProduct } from '../../../shared/schemas/catalog';
import { apiPut, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { PRODUCT_UI } from '../../../shared/i18n/products';

/** Edit modal of Produktverwaltung (part 2 §5 "Product edit": empty number fields become null). */

const str = (v: number | null) => (v === null ? '' : String(v));
const num = (s: string): number | null => {
  const t = s.trim().replace(',', '.');
  return t === '' ? null : Number(t);
};

export function ProductEditDialog({ product, onClose, onSaved }: { product: CatalogProduct; onClose: () => void; onSaved: (p: CatalogProduct) => void }) {
  const [title, setTitle] = useState(product.title);
  const [unit, setUnit] = useState<BaseUnit>(product.base_unit);
  const [perBox, setPerBox] = useState(str(product.units_per_box));
  const [perPallet, setPerPallet] = useState(str(product.boxes_per_pallet));
  const [weight, setWeight] = useState(str(product.weight_kg));
  const [length, setLength] = useState(str(product.length_cm));
  const [width, setWidth] = useState(str(product.width_cm));
  const [height, setHeight] = useState(str(product.height_cm));
  const [image, setImage] = useState(product.image_url ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiPut(
        `/products/${product.id}`,
        {
          title: title.trim(),
          base_unit: unit,
          units_per_box: num(perBox),
          boxes_per_pallet: num(perPallet),
          weight_kg: num(weight),
          length_cm: num(length),
          width_cm: num(width),
          height_cm: num(height),
          image_url: image.trim() || null,
        },
        CatalogProduct,
      ),
    onSuccess: (p) => {
      toast.success(PRODUCT_UI.saved);
      onSaved(p);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, UI.saveError)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(VALIDATION.titleRequired);
    for (const [label, v] of [
      [FIELD_LABELS.units_per_box, perBox],
      [FIELD_LABELS.boxes_per_pallet, perPallet],
    ] as const) {
      const n = num(v);
      if (n !== null && (!Number.isInteger(n) || n < 1)) return setError(PRODUCT_UI.atLeastOne(label));
    }
    for (const [label, v] of [
      [PRODUCT_UI.weight, weight],
      [PRODUCT_UI.length, length],
      [PRODUCT_UI.width, width],
      [PRODUCT_UI.height, height],
    ] as const) {
      const n = num(v);
      if (n !== null && (!Number.isFinite(n) || n <= 0)) return setError(PRODUCT_UI.positive(label));
    }
    setError(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={PRODUCT_UI.editTitle}
      size="lg"
      footer={<FormFooter form="product-form" busy={save.isPending} onCancel={onClose} />}
    >
      <form id="product-form" onSubmit={submit} className="grid gap-3 sm:grid-cols-6" data-testid="product-form">
        <Field label={PRODUCT_UI.titleLabel} required className="sm:col-span-4">
          {(id) => <Input id={id} value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label={PRODUCT_UI.ean} className="sm:col-span-2">
          {(id) => <Input id={id} value={product.ean} readOnly disabled className="font-mono" />}
        </Field>
        <Field label={PRODUCT_UI.baseUnit} className="sm:col-span-2">
          {(id) => (
            <Select id={id} value={unit} onChange={(e) => setUnit(e.target.value as BaseUnit)}>
              {BASE_UNITS.map((u) => (
                <option key={u} value={u}>
                  {BASE_UNIT_LABELS[u]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={FIELD_LABELS.units_per_box} className="sm:col-span-2">
          {(id) => <Input id={id} type="number" min={1} step={1} value={perBox} onChange={(e) => setPerBox(e.target.value)} />}
        </Field>
        <Field label={FIELD_LABELS.boxes_per_pallet} className="sm:col-span-2">
          {(id) => <Input id={id} type="number" min={1} step={1} value={perPallet} onChange={(e) => setPerPallet(e.target.value)} />}
        </Field>
        <Field label={FIELD_LABELS.weight_kg} className="sm:col-span-3">
          {(id) => <Input id={id} type="number" min={0} step={0.001} value={weight} onChange={(e) => setWeight(e.target.value)} />}
        </Field>
        <div className="hidden sm:col-span-3 sm:block" />
        <Field label={FIELD_LABELS.length_cm} className="sm:col-span-2">
          {(id) => <Input id={id} type="number" min={0} step={0.1} value={length} onChange={(e) => setLength(e.target.value)} />}
        </Field>
        <Field label={FIELD_LABELS.width_cm} className="sm:col-span-2">
          {(id) => <Input id={id} type="number" min={0} step={0.1} value={width} onChange={(e) => setWidth(e.target.value)} />}
        </Field>
        <Field label={FIELD_LABELS.height_cm} className="sm:col-span-2">
          {(id) => <Input id={id} type="number" min={0} step={0.1} value={height} onChange={(e) => setHeight(e.target.value)} />}
        </Field>
        <Field label={PRODUCT_UI.imageUrl} className="sm:col-span-6">
          {(id) => <Input id={id} type="url" value={image} maxLength={2000} placeholder="https://…" onChange={(e) => setImage(e.target.value)} />}
        </Field>
        {error ? (
          <div className="sm:col-span-6">
            <ErrorBox>{error}</ErrorBox>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
