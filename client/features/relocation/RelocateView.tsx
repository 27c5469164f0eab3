import { formatMessage } from '../../../shared/i18n/format';
import { RELOCATION_TEXTS } from '../../../shared/i18n/relocation';
import type { WsLocation } from '../../../shared/schemas/locations';
import { Badge, PageHeader } from '../../ui/misc';
import { EanScanField } from '../stock/EanScanField';
import { LastBookingBox, StepButtons, StepForm, WorkingSetEmptyNote } from '../stock/ScanSteps';
import { QuantityField } from '../stock/QuantityStepper';
import { ScannedBox, ScanTextField } from '../stock/StepFields';
import type { StepViewProps } from '../stock/useStepForm';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import type { LocalProduct } from './device';
import { texts } from '../../../shared/i18n/translate';

export type RelocateStep = 'source' | 'ean' | 'target';
export type RelocateField = 'source' | 'ean' | 'qty' | 'target';
export type RelocateErrors = Partial<Record<RelocateField, string>>;
export type RelocateValues = Record<RelocateField, string>;

/** One stock the person may move away (customer and batch), as the view names it. */
export interface RelocateChoice {
  customer: string;
  batch: string;
  free: number;
  pending: boolean;
}

export interface RelocateViewProps extends StepViewProps<RelocateStep, RelocateField> {
  from: WsLocation | null;
  product: LocalProduct | null;
  choices: RelocateChoice[];
  choice: number;
  /** Places in the working set; 0: this device never synced. */
  workingSet: number | undefined;
  onChoose: (index: number) => void;
}

/** The step's subtitle, in the language in use. */
const subtitle = (R: typeof RELOCATION_TEXTS): Record<RelocateStep, string> => ({ source: R.stepSource, ean: R.stepEan, target: R.stepTarget });

function PlaceInput(p: { name: 'source' | 'target'; label: string; placeholder: string; props: RelocateViewProps }) {
  const { values, onChange, errors, refs, scanField } = p.props;
  return (
    <ScanTextField
      name={p.name}
      testId={`relocate-${p.name}`}
      label={p.label}
      placeholder={p.placeholder}
      value={values[p.name]}
      error={errors[p.name]}
      inputRef={refs[p.name]}
      scanField={scanField}
      onChange={(value) => onChange({ [p.name]: value })}
    />
  );
}

/** Display only: what has been scanned so far (source place, article). */
function Scanned({ from, product }: { from: WsLocation | null; product: LocalProduct | null }) {
  if (!from) return null;
  return (
    <ScannedBox
      testPrefix="relocate"
      product={product}
      place={
        <>
          <span className="shrink-0 font-semibold whitespace-nowrap">{from.barcode}</span>
          <span className="min-w-0 truncate text-slate-500">{from.path}</span>
        </>
      }
    />
  );
}

/** Display only: the stocks of the article at the source (customer, batch, free units); a choice when there are several. */
function Choices({ choices, choice, onChoose }: Pick<RelocateViewProps, 'choices' | 'choice' | 'onChoose'>) {
  const T = texts(STOCK_TEXTS);
  const R = texts(RELOCATION_TEXTS);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{R.stockChoice}</legend>
      {choices.map((c, i) => (
        <button
          key={`${c.customer}-${c.batch}`}
          type="button"
          aria-pressed={i === choice}
          onClick={() => onChoose(i)}
          data-testid={`relocate-choice-${i}`}
          className={`flex min-h-12 items-center gap-3 rounded-md border px-3 py-2 text-left ${i === choice ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white'}`}
        >
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-slate-900">{c.customer}</span>
            <span className="block text-xs text-slate-600">{c.batch ? formatMessage(R.batch, { batch: c.batch }) : R.noBatch}</span>
          </span>
          <span className="font-bold" data-testid="relocate-free">
            {formatMessage(R.free, { free: c.free })}
          </span>
          {c.pending ? <Badge tone="amber">{T.local}</Badge> : null}
        </button>
      ))}
    </fieldset>
  );
}

/** Display only: Umlagern, one step at a time (source place, EAN, quantity and target place). */
export function RelocateView(props: RelocateViewProps) {
  const R = texts(RELOCATION_TEXTS);
  const { step, values, onChange, from, product, choices, choice, errors, workingSet, last, busy, refs, scanField, onSubmit, onChoose, onBack } = props;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={R.title} subtitle={subtitle(R)[step]} />
      <WorkingSetEmptyNote count={workingSet} />
      <LastBookingBox last={last} />
      <StepForm onSubmit={onSubmit}>
        <Scanned from={from} product={product} />
        {step === 'source' ? <PlaceInput name="source" label={R.sourceLabel} placeholder={R.sourcePlaceholder} props={props} /> : null}
        {step === 'ean' ? (
          <EanScanField
            prefix="relocate"
            value={values.ean}
            error={errors.ean}
            inputRef={refs.ean}
            scanField={scanField}
            onChange={(ean) => onChange({ ean })}
          />
        ) : null}
        {step === 'target' ? (
          <>
            <Choices choices={choices} choice={choice} onChoose={onChoose} />
            <QuantityField prefix="relocate" value={values.qty} onChange={(qty) => onChange({ qty })} error={errors.qty} inputRef={refs.qty} />
            <PlaceInput name="target" label={R.targetLabel} placeholder={R.targetPlaceholder} props={props} />
          </>
        ) : null}
        <StepButtons
          testPrefix="relocate"
          first={step === 'source'}
          last={step === 'target'}
          busy={busy}
          backLabel={R.back}
          nextLabel={R.next}
          submitLabel={R.submit}
          onBack={onBack}
        />
      </StepForm>
    </div>
  );
}
