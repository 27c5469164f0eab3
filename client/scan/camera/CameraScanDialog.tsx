import { Flashlight, FlashlightOff, Keyboard, Video } from 'lucide-react';
import { useRef } from 'react';
import { cameraTexts } from '../../../shared/i18n/camera';
import { texts } from '../../../shared/i18n/translate';
import { UI } from '../../../shared/i18n/ui';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { type CameraPhase, useCameraScan } from './useCameraScan';

export interface CameraScanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The first stable read; the camera is already off. */
  onRead: (code: string) => void;
  /** Camera refused or missing: back to the field, to type the code. */
  onType: () => void;
  onCloseAutoFocus: (e: Event) => void;
}

const problemText = (phase: CameraPhase, T: typeof cameraTexts): string | undefined =>
  phase === 'refused' ? T.refused : phase === 'unavailable' ? T.unavailable : phase === 'failed' ? T.failed : undefined;

/** The camera's part while the dialog is open (mounted with it, so the camera is off whenever the dialog is closed). */
function CameraBody({ onRead, onType, onClose }: { onRead: (code: string) => void; onType: () => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const cam = useCameraScan(video, onRead);
  const T = texts(cameraTexts);
  const problem = problemText(cam.phase, T);
  const live = cam.phase === 'starting' || cam.phase === 'scanning';
  return (
    <div className="flex flex-col gap-3" data-testid="camera-scan" data-phase={cam.phase}>
      {cam.phase === 'explain' ? (
        <>
          <p className="text-sm text-slate-700">{T.explain}</p>
          <Button size="lg" className="w-full" icon={<Video className="h-5 w-5" />} onClick={cam.start} data-testid="camera-allow">
            {T.allow}
          </Button>
        </>
      ) : null}
      <div className={`relative overflow-hidden rounded-lg bg-slate-900 ${live ? '' : 'hidden'}`}>
        <video ref={video} className="aspect-[4/3] w-full object-cover" muted playsInline autoPlay data-testid="camera-preview" />
        {/* The aiming frame: a barcode held inside it fills enough of the picture to be read. */}
        <div
          className="pointer-events-none absolute inset-x-[10%] top-1/4 bottom-1/4 rounded-md border-2 border-white shadow-[0_0_0_999px_rgba(15,23,42,0.45)]"
          aria-hidden
        />
      </div>
      {live ? <p className="text-center text-sm text-slate-700">{cam.phase === 'starting' ? T.starting : T.aim}</p> : null}
      {problem ? (
        <>
          <p role="alert" className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="camera-problem">
            {problem}
          </p>
          <Button size="lg" className="w-full" icon={<Keyboard className="h-5 w-5" />} onClick={onType} data-testid="camera-type">
            {T.typeInstead}
          </Button>
        </>
      ) : null}
      <div className="flex gap-2">
        {cam.torchAvailable ? (
          <Button
            variant="secondary"
            size="lg"
            className="flex-1"
            aria-pressed={cam.torch}
            icon={cam.torch ? <FlashlightOff className="h-5 w-5" /> : <Flashlight className="h-5 w-5" />}
            onClick={cam.toggleTorch}
            data-testid="camera-torch"
          >
            {cam.torch ? T.torchOff : T.torchOn}
          </Button>
        ) : null}
        <Button variant="secondary" size="lg" className="flex-1" onClick={onClose} data-testid="camera-close">
          {texts(UI).close}
        </Button>
      </div>
    </div>
  );
}

/** Live preview, torch and close; reads EAN/UPC/Code 128/QR (client/scan/camera/decoder.ts). Loaded lazily by CameraButton. */
export default function CameraScanDialog({ open, onOpenChange, onRead, onType, onCloseAutoFocus }: CameraScanDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={texts(cameraTexts).title} size="sm" onCloseAutoFocus={onCloseAutoFocus} testId="camera-dialog">
      {open ? <CameraBody onRead={onRead} onType={onType} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
