import { Camera } from 'lucide-react';
import { lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { cameraTexts } from '../../../shared/i18n/camera';
import { texts } from '../../../shared/i18n/translate';
import { deliverScan } from '../listener';

/** The dialog with the decoder behind it: its own chunk, fetched on the first tap (docs/architecture.md "Camera scanning"). */
const CameraScanDialog = lazy(() => import('./CameraScanDialog'));

/** Whether the browser can give us a camera at all (getUserMedia needs a secure context). */
const cameraPossible = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The camera button inside a scan field (right edge; the input keeps room for
 * it with `pr-12`). A read is entered as a scanner would type it: the dialog
 * closes, the field gets the focus back, then the code goes the scanner's way
 * (listener.ts deliverScan: double-read guard, the screen's scan workflow and
 * its feedback).
 */
export function CameraButton({ field, inputRef, disabled }: { field: string; inputRef: RefObject<HTMLInputElement | null>; disabled?: boolean }) {
  const T = texts(cameraTexts);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const read = useRef<string | null>(null);
  if (!cameraPossible()) return null;
  const onCloseAutoFocus = (e: Event) => {
    e.preventDefault();
    const el = inputRef.current;
    el?.focus();
    el?.select();
    const code = read.current;
    read.current = null;
    if (code) deliverScan(code, field, el);
  };
  return (
    <>
      <button
        type="button"
        className="absolute top-1 right-1 flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-50"
        aria-label={T.open}
        title={T.open}
        disabled={disabled}
        data-testid={`camera-${field}`}
        onClick={() => {
          read.current = null;
          setUsed(true);
          setOpen(true);
        }}
      >
        <Camera className="h-5 w-5" aria-hidden />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CameraScanDialog
            open={open}
            onOpenChange={setOpen}
            onRead={(code) => {
              read.current = code;
              setOpen(false);
            }}
            onType={() => setOpen(false)}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
