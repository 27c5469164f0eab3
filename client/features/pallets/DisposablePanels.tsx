import { AlertTriangle, Download, Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { LabelOutput } from '../../../shared/domain/labels';
import { DISPOSABLE_GENERATE } from '../../../shared/domain/pallets';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import { VALIDATION } from '../../../shared/i18n/validation';
import type { DisposableStats } from '../../../shared/schemas/pallets';
import { DisposableCount } from '../../../shared/schemas/pallets';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Card } from '../../ui/misc';

/** Display parts of the disposable-barcode screen. */

const STAT_CARDS: Array<{ key: keyof DisposableStats; label: string; tone: string }> = [
  { key: 'available', label: PALLET_UI.statAvailable, tone: 'text-emerald-700' },
  { key: 'used', label: PALLET_UI.statUsed, tone: 'text-blue-700' },
  { key: 'cancelled', label: PALLET_UI.statCancelled, tone: 'text-slate-500' },
  { key: 'total', label: PALLET_UI.statTotal, tone: 'text-slate-900' },
];

export function DisposableStatCards({ stats }: { stats: DisposableStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="disposable-stats">
      {STAT_CARDS.map((c) => (
        <Card key={c.key} className="p-4" data-testid={`stat-${c.key}`}>
          <div className="text-sm text-slate-600">{c.label}</div>
          <div className={`text-3xl font-bold tabular-nums ${c.tone}`}>{stats[c.key].toLocaleString('de-DE')}</div>
        </Card>
      ))}
    </div>
  );
}

export function LowStockNotice({ available }: { available: number }) {
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{PALLET_UI.lowStock(available)}</span>
    </div>
  );
}

/** Count 1–100 (default 20); the button is disabled outside the range (spec §5). */
/** The button names the file the server answers with: PDF, or ZPL when label_output is zpl. */
export function GenerateForm({ busy, format, onGenerate }: { busy: boolean; format: LabelOutput; onGenerate: (count: number) => void }) {
  const [value, setValue] = useState(String(DISPOSABLE_GENERATE.default));
  const parsed = DisposableCount.safeParse(value.trim() === '' ? undefined : value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed.success) onGenerate(parsed.data);
  };
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{PALLET_UI.generateTitle}</h2>
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
        <Field
          label={PALLET_UI.count}
          className="sm:w-64"
          error={parsed.success || value === '' ? null : VALIDATION.disposableCountRange}
          hint={PALLET_UI.countHint}
        >
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={DISPOSABLE_GENERATE.min}
              max={DISPOSABLE_GENERATE.max}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={parsed.success ? undefined : true}
            />
          )}
        </Field>
        <Button type="submit" disabled={!parsed.success} busy={busy} icon={<Download className="h-4 w-4" />} className="sm:mb-5">
          {format === 'zpl' ? PALLET_UI.generateZpl : PALLET_UI.generate}
        </Button>
      </form>
    </Card>
  );
}

export function WorkflowInstructions() {
  return (
    <Card className="p-4">
      <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Info className="h-5 w-5 text-brand-600" aria-hidden />
        {PALLET_UI.workflowTitle}
      </h2>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {PALLET_UI.workflow.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}
