import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type Decoder, loadDecoder } from './decoder';
import { initialStable, nextStable } from './stable';

/**
 * The camera of a CameraScanDialog: asks for it (after our German explanation
 * unless the browser already allows it), shows the live picture in `video`,
 * decodes frames one after another and hands the first stable read to `onRead`,
 * after which the camera is off. See docs/architecture.md "Camera scanning".
 */
export type CameraPhase = 'explain' | 'starting' | 'scanning' | 'refused' | 'unavailable' | 'failed';

/** Pause between two decoded frames: ~6 reads a second, so a phone's CPU stays free for the screen. */
const FRAME_GAP_MS = 150;

async function alreadyAllowed(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'camera' as PermissionName })).state === 'granted';
  } catch {
    return false;
  }
}

function phaseOfError(err: unknown): CameraPhase {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'NotReadableError' || name === 'OverconstrainedError') return 'unavailable';
  return 'failed';
}

export interface CameraScan {
  phase: CameraPhase;
  /** The device's light can be switched (track capability `torch`). */
  torchAvailable: boolean;
  torch: boolean;
  start: () => void;
  toggleTorch: () => void;
}

export function useCameraScan(video: RefObject<HTMLVideoElement | null>, onRead: (code: string) => void): CameraScan {
  const [phase, setPhase] = useState<CameraPhase>('starting');
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torch, setTorch] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  /**
   * Counts mounts: a start still waiting for the camera when the dialog closed (or, in development,
   * when StrictMode unmounted it once) sees another number and turns its camera off again.
   */
  const session = useRef(0);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;

  const stop = useCallback(() => {
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
  }, []);

  /** Decodes frames of `media` until a stable read or until the camera is off (`stream` no longer `media`). */
  const loop = useCallback(
    async (decoder: Decoder, media: MediaStream) => {
      let stable = initialStable;
      while (stream.current === media) {
        const el = video.current;
        let code: string | null = null;
        if (el && el.readyState >= 2) {
          try {
            code = (await decoder.detect(el))[0]?.rawValue ?? null;
          } catch {
            code = null; // a frame the decoder cannot take (e.g. while the picture changes size)
          }
        }
        const next = nextStable(stable, code);
        stable = next.state;
        if (next.stable && stream.current === media) {
          stop();
          onReadRef.current(next.stable);
          return;
        }
        await new Promise((r) => setTimeout(r, FRAME_GAP_MS));
      }
    },
    [stop, video],
  );

  const start = useCallback(() => {
    const mine = session.current;
    setPhase('starting');
    void (async () => {
      const decoding = loadDecoder();
      decoding.catch(() => undefined); // awaited below; the camera's refusal may come first
      let media: MediaStream | null = null;
      try {
        media = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
        if (session.current !== mine) throw new Error('closed');
        stream.current = media;
        const decoder = await decoding;
        if (session.current !== mine) throw new Error('closed');
        const track = media.getVideoTracks()[0];
        const caps = (track?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & { torch?: boolean };
        setTorchAvailable(caps.torch === true);
        const el = video.current;
        if (el) {
          el.srcObject = media;
          await el.play().catch(() => undefined);
        }
        setPhase('scanning');
        void loop(decoder, media);
      } catch (err) {
        for (const t of media?.getTracks() ?? []) t.stop();
        if (stream.current === media) stream.current = null;
        if (session.current === mine) setPhase(phaseOfError(err));
      }
    })();
  }, [loop, video]);

  useEffect(() => {
    const mine = ++session.current;
    void alreadyAllowed().then((ok) => {
      if (session.current !== mine) return;
      if (ok) start();
      else setPhase('explain');
    });
    return () => {
      session.current++;
      stop();
    };
  }, [start, stop]);

  const toggleTorch = useCallback(() => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    const on = !torch;
    track
      .applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      .then(() => setTorch(on))
      .catch(() => setTorchAvailable(false));
  }, [torch]);

  return { phase, torchAvailable, torch, start, toggleTorch };
}
