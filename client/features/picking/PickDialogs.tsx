import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input } from '../../ui/Field';
import { type VeRow, veTotal, veValid } from './pick-steps';

const STEP = 'flex h-12 w-12 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';

/** VE confirmation (spec §2): counts per packaging type with −/+/number, total pieces against the target; Abbrechen/Bestätigen. */
export function VeDialog({
  rows: initial,
  target,
  onCancel,
  onConfirm,
}: {
  rows: VeRow[];
  target: number;
  onCancel: () => void;
  onConfirm: (total: number) => void;
}) {
  const T = texts(PICKING_UI);
  const [rows, setRows] = useState(initial);
  const total = veTotal(rows);
  const valid = veValid(rows, target);
  const set = (i: number, count: number) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, count: Math.max(0, Number.isFinite(count) ? Math.floor(count) : 0) } : r)));
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onCancel())}
      title={T.veTitle}
      description={T.veHint}
      footer={
        <>
          <Button size="lg" variant="secondary" onClick={onCancel} data-testid="ve-cancel">
            {T.cancel}
          </Button>
          <Button size="lg" disabled={!valid} onClick={() => onConfirm(total)} data-testid="ve-confirm">
            {T.confirm}
          </Button>
        </>
      }
    >
      <ul className="flex flex-col gap-3">
        {rows.map((r, i) => (
          <li key={r.unit_size} className="flex items-center gap-2" data-testid={`ve-row-${r.unit_size}`}>
            <div className="min-w-0 flex-1">
              <div className="font-medium">{r.name}</div>
              <div className="text-xs text-slate-500">{r.unit_size === 1 ? T.veSingle : formatMessage(T.vePer, { size: String(r.unit_size) })}</div>
            </div>
            <button type="button" className={STEP} aria-label={formatMessage(T.veLess, { name: r.name })} onClick={() => set(i, r.count - 1)}>
              <Minus className="h-5 w-5" aria-hidden />
            </button>
            <div className="w-16 shrink-0">
              <Input
                big
                type="number"
                inputMode="numeric"
                min={0}
                className="px-1 text-center"
                aria-label={formatMessage(T.veCount, { name: r.name })}
                value={String(r.count)}
                onChange={(e) => set(i, Number(e.target.value))}
              />
            </div>
            <button type="button" className={STEP} aria-label={formatMessage(T.veMore, { name: r.name })} onClick={() => set(i, r.count + 1)}>
              <Plus className="h-5 w-5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <p
        className={`mt-4 rounded-md px-3 py-2 text-center font-semibold ${valid ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
        data-testid="ve-total"
      >
        {formatMessage(T.veTotal, { total, target })}
        {total > target ? <span className="block text-sm font-normal">{formatMessage(T.veTooMany, { target })}</span> : null}
        {total < 1 ? <span className="block text-sm font-normal">{T.veNone}</span> : null}
      </p>
    </Dialog>
  );
}

/** 'Fehlmenge': how many pieces are really there (0 … to pick); the rest is reported missing. */
export function ShortageDialog({
  location,
  max,
  onCancel,
  onConfirm,
}: {
  location: string;
  max: number;
  onCancel: () => void;
  onConfirm: (found: number) => void;
}) {
  const T = texts(PICKING_UI);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n >= max) {
      setError(formatMessage(T.shortageRange, { max: max - 1 }));
      return;
    }
    onConfirm(n);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onCancel())}
      title={T.shortageTitle}
      description={formatMessage(T.shortageHint, { location, max: max - 1 })}
      footer={
        <>
          <Button size="lg" variant="secondary" onClick={onCancel} data-testid="shortage-cancel">
            {T.cancel}
          </Button>
          <Button size="lg" variant="danger" onClick={submit} data-testid="shortage-confirm">
            {T.confirm}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label={T.shortageFound} required error={error}>
          {(id) => (
            <Input
              id={id}
              big
              autoFocus
              type="number"
              inputMode="numeric"
              min={0}
              max={max - 1}
              data-testid="shortage-found"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
