import { getSession } from './auth';

/** Sound and vibration on scan success/error; muted with the profile's sound switch. */
let ctx: AudioContext | null = null;

function beep(freq: number, ms: number, times = 1): void {
  try {
    ctx ??= new AudioContext();
    for (let i = 0; i < times; i++) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      osc.type = 'square';
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      const start = ctx.currentTime + i * (ms / 1000) * 1.6;
      osc.start(start);
      osc.stop(start + ms / 1000);
    }
  } catch {
    // no audio device: silent
  }
}

function enabled(): boolean {
  return getSession().user?.sound_enabled !== false;
}

export const feedback = {
  success(): void {
    if (!enabled()) return;
    beep(1320, 90);
    navigator.vibrate?.(40);
  },
  error(): void {
    if (!enabled()) return;
    beep(220, 160, 2);
    navigator.vibrate?.([120, 60, 120]);
  },
};
