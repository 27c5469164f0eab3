import { Undo2 } from 'lucide-react';
import {
  RETURN_CONDITION_LABELS,
  RETURN_CONDITIONS,
  RETURN_DISPOSITION_LABELS,
  RETURN_DISPOSITIONS,
  type ReturnCondition,
  type ReturnDisposition,
  STOCKED_DISPOSITIONS,
} from '../../../shared/domain/returns';
import { formatMessage } from '../../../shared/i18n/format';
import { RETURN_RECEIVE_UI, RETURNS_UI } from '../../../shared/i18n/returns';
import { texts } from '../../../shared/i18n/translate';
import type { WsReturn, WsReturnLine } from '../../../shared/schemas/returns';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/misc';
import { EanScanField } from '../stock/EanScanField';
import { LastBookingBox, StepButtons, StepForm, WorkingSetEmptyNote } from '../stock/ScanSteps';
import { QuantityField } from '../stock/QuantityStepper';
import { ScanTextField } from '../stock/StepFields';
import type { StepViewProps } from '../stock/useStepForm';
import { AnnounceReturnDialog } from './AnnounceReturnDialog';
import { ChoiceButtons, ReturnCard, roomText } from './ReturnReceiveParts';

export type ReceiveStep = 'code' | 'ean' | 'details';
export type ReceiveField = 'code' | 'ean' | 'qty' | 'place';
export type ReceiveValues = Record<ReceiveField, string>;

export interface ReturnReceiveViewProps extends StepViewProps<ReceiveStep, ReceiveField> {
  /** Open returns the scanned code found (a choice when there are several) and the chosen one. */
  returns: WsReturn[];
  ret: WsReturn | null;
  line: WsReturnLine | null;
  room: number;
  condition: ReturnCondition;
  disposition: ReturnDisposition;
  suggestion: string | null;
  /** Places in the working set; 0: this device never synced. */
  workingSet: number | undefined;
  onChooseReturn: (id: number) => void;
  onCondition: (c: ReturnCondition) => void;
  onDisposition: (d: ReturnDisposition) => void;
  /** A scanned order without an open return (online): "Retoure anmelden" opens the announce dialog. */
  unannounced: { id: number; order_number: string } | null;
  announcing: boolean;
  onAnnounce: (open: boolean) => void;
  onAnnounced: () => void;
}

/** The choices with their labels in the language in use. */
const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) => {
  const l = texts(labels);
  return keys.map((key) => ({ key, label: l[key] }));
};

function TextInput(p: { name: 'code' | 'place'; label: string; placeholder: string; hint?: string; props: ReturnReceiveViewProps }) {
  const { values, onChange, errors, refs, scanField } = p.props;
  return (
    <ScanTextField
      name={p.name}
      testId={`return-receive-${p.name}`}
      label={p.label}
      placeholder={p.placeholder}
      hint={p.hint}
      value={values[p.name]}
      error={errors[p.name]}
      inputRef={refs[p.name]}
      scanField={scanField}
      onChange={(value) => onChange({ [p.name]: value })}
    />
  );
}

/** Display only: the details of one article (quantity, condition, disposition, place). */
function Details(props: ReturnReceiveViewProps) {
  const { values, onChange, line, room, condition, disposition, suggestion, errors, refs, onCondition, onDisposition } = props;
  if (!line) return null;
  const T = texts(RETURN_RECEIVE_UI);
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="return-receive-room">
        <span className="font-semibold">{line.product_title}</span> · {roomText(room)}
      </p>
      <QuantityField prefix="return-receive" value={values.qty} onChange={(qty) => onChange({ qty })} error={errors.qty} inputRef={refs.qty} />
      <ChoiceButtons
        legend={T.condition}
        options={options(RETURN_CONDITIONS, RETURN_CONDITION_LABELS)}
        value={condition}
        onChoose={onCondition}
        testId="return-condition"
      />
      <ChoiceButtons
        legend={T.disposition}
        options={options(RETURN_DISPOSITIONS, RETURN_DISPOSITION_LABELS)}
        value={disposition}
        onChoose={onDisposition}
        testId="return-disposition"
      />
      {STOCKED_DISPOSITIONS.includes(disposition) ? (
        <TextInput
          name="place"
          label={T.place}
          placeholder={T.placePlaceholder}
          hint={suggestion ? formatMessage(T.suggestion, { barcode: suggestion }) : undefined}
          props={props}
        />
      ) : null}
    </>
  );
}

/** Display only: Retoure annehmen, one step at a time (order or tracking number, EAN, details and place). */
export function ReturnReceiveView(props: ReturnReceiveViewProps) {
  const { step, values, onChange, returns, ret, line, errors, workingSet, last, busy, refs, scanField, onSubmit, onChooseReturn, onBack } = props;
  const choices = returns.map((r) => ({ key: String(r.id), label: r.return_number }));
  const T = texts(RETURN_RECEIVE_UI);
  const subtitle: Record<ReceiveStep, string> = { code: T.stepCode, ean: T.stepEan, details: T.stepDetails };
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.title} subtitle={subtitle[step]} />
      <WorkingSetEmptyNote count={workingSet} />
      <LastBookingBox last={last} />
      <StepForm onSubmit={onSubmit}>
        {step === 'code' ? <TextInput name="code" label={T.codeLabel} placeholder={T.codePlaceholder} props={props} /> : null}
        {props.unannounced ? (
          <Button
            variant="secondary"
            size="lg"
            onClick={() => props.onAnnounce(true)}
            data-testid="return-receive-announce"
            icon={<Undo2 className="h-5 w-5" />}
          >
            {texts(RETURNS_UI).announce}
          </Button>
        ) : null}
        {props.unannounced && props.announcing ? (
          <AnnounceReturnDialog order={props.unannounced} onClose={() => props.onAnnounce(false)} onAnnounced={props.onAnnounced} />
        ) : null}
        {ret && returns.length > 1 && step === 'ean' ? (
          <ChoiceButtons
            legend={T.chooseReturn}
            options={choices}
            value={String(ret.id)}
            onChoose={(id) => onChooseReturn(Number(id))}
            testId="return-choice"
            columns={1}
          />
        ) : null}
        {ret ? <ReturnCard ret={ret} activeProductId={line?.product_id ?? null} /> : null}
        {step === 'ean' ? (
          <EanScanField
            prefix="return-receive"
            value={values.ean}
            error={errors.ean}
            inputRef={refs.ean}
            scanField={scanField}
            onChange={(ean) => onChange({ ean })}
          />
        ) : null}
        {step === 'details' ? <Details {...props} /> : null}
        <StepButtons
          testPrefix="return-receive"
          first={step === 'code'}
          last={step === 'details'}
          busy={busy}
          backLabel={step === 'ean' ? T.otherReturn : T.back}
          nextLabel={T.next}
          submitLabel={T.book}
          onBack={onBack}
        />
        {ret ? <p className="text-xs text-slate-500">{T.completeOnline}</p> : null}
      </StepForm>
    </div>
  );
}
