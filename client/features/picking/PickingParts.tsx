import { AlertTriangle, CheckCircle2, type LucideIcon, MapPinOff, ScanLine } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { CameraButton } from '../../scan/camera/CameraButton';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Card } from '../../ui/misc';

/** Display pieces shared by single-order and rolling picking. */

/** What both picking views get from their screen: the pallet, the scan field, the stored-position flag and the common actions. */
export interface PickingViewBase {
  palletBarcode: string;
  /** Whether the device has stored the shown position (picking.saveProgress): a reload comes back here. */
  positionStored: boolean;
  busy: boolean;
  scanValue: string;
  onScanValue: (v: string) => void;
  scanRef: RefObject<HTMLInputElement | null>;
  scanField: (name: string) => { 'data-scan-field': string };
  onBack: () => void;
  onShortage: () => void;
  onFinish: () => void;
}

/** The one scan input of a picking screen; `hint` is its label and placeholder. */
export function PickScanInput(p: {
  inputRef: RefObject<HTMLInputElement | null>;
  hint: string;
  testId: string;
  value: string;
  onValue: (v: string) => void;
  scanField: { 'data-scan-field': string };
}) {
  return (
    <div className="relative">
      <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
      <Input
        ref={p.inputRef}
        big
        className="pr-12 pl-10 font-mono"
        aria-label={p.hint}
        placeholder={p.hint}
        autoComplete="off"
        spellCheck={false}
        data-testid={p.testId}
        value={p.value}
        onChange={(e) => p.onValue(e.target.value)}
        {...p.scanField}
      />
      <CameraButton field={p.scanField['data-scan-field']} inputRef={p.inputRef} />
    </div>
  );
}

/** 'Fehlmenge melden' for the current pick. */
export function ShortageButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const T = texts(PICKING_UI);
  return (
    <Button size="lg" variant="secondary" className="w-full text-red-700" onClick={onClick} icon={<AlertTriangle className="h-5 w-5" />} data-testid={testId}>
      {T.reportShortage}
    </Button>
  );
}

/** Nothing left to pick on the pallet; `empty`: there was nothing to pick at all (rolling). */
export function PalletDoneCard({ palletBarcode, empty = false }: { palletBarcode: string; empty?: boolean }) {
  const T = texts(PICKING_UI);
  return (
    <Card className="flex flex-col items-center gap-2 p-6 text-center">
      {empty ? <MapPinOff className="h-10 w-10 text-slate-400" aria-hidden /> : <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />}
      <p className="font-semibold">{empty ? T.rollingEmpty : T.allPicked}</p>
      <p className="text-sm text-slate-600">
        {T.pallet} <span className="font-mono">{palletBarcode}</span>
      </p>
    </Card>
  );
}

/**
 * The head of a pick card: an icon, the main line (product title or place
 * path) and the code under it (EAN or location barcode); `children` adds lines
 * below. `active`: the larger, coloured icon of the rolling phases.
 */
export function PickTargetHead(p: {
  icon: LucideIcon;
  active?: boolean;
  title: ReactNode;
  titleClass: string;
  titleTestId: string;
  code: ReactNode;
  codeTestId: string;
  children?: ReactNode;
}) {
  const Icon = p.icon;
  return (
    <div className="flex items-start gap-2">
      <Icon className={p.active ? 'mt-1 h-6 w-6 shrink-0 text-brand-600' : 'mt-0.5 h-5 w-5 shrink-0 text-slate-400'} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className={`${p.titleClass} break-words`} data-testid={p.titleTestId}>
          {p.title}
        </div>
        <div className="font-mono text-sm text-slate-600" data-testid={p.codeTestId}>
          {p.code}
        </div>
        {p.children}
      </div>
    </div>
  );
}
