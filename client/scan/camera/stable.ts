/**
 * A camera read counts once it is stable: the same code in STABLE_FRAMES
 * decoded frames in a row (a single frame can misread a partly visible EAN).
 */
export const STABLE_FRAMES = 2;

export interface StableState {
  code: string | null;
  count: number;
}
export const initialStable: StableState = { code: null, count: 0 };

/** Feeds one frame's code (null: nothing read); `stable` is the code once it has been read often enough. */
export function nextStable(state: StableState, code: string | null, need = STABLE_FRAMES): { state: StableState; stable: string | null } {
  if (!code) return { state: initialStable, stable: null };
  const count = state.code === code ? state.count + 1 : 1;
  return { state: { code, count }, stable: count >= need ? code : null };
}
