import { ScanLine } from 'lucide-react';
import type { RefObject } from 'react';
import { CameraButton } from '../../scan/camera/CameraButton';
import { Field, Input } from '../../ui/Field';
import type { StockScanField } from './scan-form';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

/** The EAN scan field of Einlagern and Auslagern (test id `<prefix>-ean`). */
export function EanScanField({
  prefix,
  value,
  error,
  inputRef,
  scanField,
  onChange,
}: {
  prefix: string;
  value: string;
  error: string | null | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  scanField: StockScanField;
  onChange: (ean: string) => void;
}) {
  const T = texts(STOCK_TEXTS);
  return (
    <Field label={T.ean} required error={error ?? undefined}>
      {(id) => (
        <div className="relative">
          <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
          <Input
            id={id}
            ref={inputRef}
            big
            className="pr-12 pl-10"
            data-testid={`${prefix}-ean`}
            inputMode="text"
            autoComplete="off"
            placeholder={T.eanPlaceholder}
            value={value}
            aria-invalid={Boolean(error)}
            onChange={(e) => onChange(e.target.value)}
            {...scanField('ean')}
          />
          <CameraButton field="ean" inputRef={inputRef} />
        </div>
      )}
    </Field>
  );
}
