import { PlayCircle, ScanLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import { UI } from '../../../shared/i18n/ui';
import type { PickingWave } from '../../../shared/schemas/waves';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { useScanWorkflow } from '../../scan/useScanWorkflow';
import type { ScanResult } from '../../scan/workflow';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input } from '../../ui/Field';
import { useStartWave } from './useWaves';

/**
 * 'Starten' of a draft wave: asks for the pallet barcode. The field is a scan
 * field, so a scanner's fast keystrokes + Enter (or typing and Enter) start
 * the wave at once; the server's German 404/409 stays in the dialog.
 */
export function StartWaveDialog({ wave, onClose }: { wave: PickingWave; onClose: () => void }) {
  const [barcode, setBarcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const start = useStartWave();

  const submit = async (raw: string): Promise<ScanResult> => {
    const code = raw.trim();
    if (!code) {
      setError(WAVE_UI.barcodeRequired);
      return { ok: false };
    }
    setBarcode(code);
    setError(null);
    try {
      const w = await start.mutateAsync({ wave, barcode: code });
      toast.success(WAVE_UI.started(w.wave_number, w.pallet_barcode ?? code));
      onClose();
      return { ok: true };
    } catch (e) {
      setError(errorMessage(e, WAVE_UI.startError));
      inputRef.current?.select();
      return { ok: false };
    }
  };

  const scan = useScanWorkflow({ steps: [{ kind: 'pallet', onScan: (code) => submit(code) }] });

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={WAVE_UI.startTitle(wave.wave_number)}
      description={WAVE_UI.startHint}
      footer={
        <>
          <Button size="lg" variant="secondary" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button size="lg" busy={start.isPending} icon={<PlayCircle className="h-5 w-5" />} onClick={() => void submit(barcode)} data-testid="start-submit">
            {WAVE_UI.startWave}
          </Button>
        </>
      }
    >
      <Field label={WAVE_UI.palletBarcode} required error={error}>
        {(id) => (
          <div className="relative">
            <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
            <Input
              id={id}
              ref={inputRef}
              big
              autoFocus
              className="pl-10 font-mono"
              data-testid="start-barcode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={WAVE_UI.palletPlaceholder}
              value={barcode}
              aria-invalid={error ? true : undefined}
              readOnly={start.isPending}
              onChange={(e) => setBarcode(e.target.value)}
              {...scan.field('pallet')}
            />
          </div>
        )}
      </Field>
    </Dialog>
  );
}
