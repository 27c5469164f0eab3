import { useEffect, useRef, useState } from 'react';
import type { WsWave } from '../../../shared/schemas/picking';
import { db } from '../../db';
import { syncEngine } from '../../sync/engine';
import { saveProgressCommand } from './offline';
import { type Cursor, type PickItem, normalize, progressOf, resumePosition, type ScanStepName } from './pick-steps';
import { savedProgress } from './picking-api';

/**
 * Where single-order picking stands: cursor and scan step, restored on open
 * (the local wave's position, this device's last step, else the server's
 * get-progress when online: another device) and saved per step as
 * picking.saveProgress (last write wins; only when the position changed).
 * `focusLine` brings the cursor back to a line once it has an open stop again
 * (after an online Fehlmenge the pull brings the replacement place).
 */
export function usePickPosition(wave: WsWave | undefined, items: readonly PickItem[], waveId: number, userId: number) {
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [step, setStep] = useState<ScanStepName>('ean');
  const [ready, setReady] = useState(false);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const cur = ready ? normalize(items, cursor ?? { item: 0, loc: 0 }) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the wave is first there
  useEffect(() => {
    if (!wave || ready) return;
    let cancelled = false;
    void savedProgress(wave).then((progress) => {
      if (cancelled) return;
      const r = resumePosition(items, progress);
      setCursor(r.cursor);
      setStep(r.step);
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [wave !== undefined]);

  const saved = useRef<string>('');
  const curItem = cur?.item ?? -1;
  const curLoc = cur?.loc ?? -1;
  useEffect(() => {
    if (!ready || curItem < 0 || !wave || wave.status !== 'picking') return;
    const p = progressOf({ item: curItem, loc: curLoc }, step);
    const key = JSON.stringify(p);
    const w = wave.progress;
    const was = w ? JSON.stringify(progressOf({ item: w.current_item_index, loc: w.current_location_index }, w.scan_step as ScanStepName)) : '';
    if (key === saved.current || key === was) return;
    saved.current = key;
    void saveProgressCommand
      .enqueue(db, userId, { wave_id: waveId, ...p })
      .then(() => syncEngine.kick())
      .catch((e) => console.warn('save-progress', e));
  }, [ready, curItem, curLoc, step, wave, userId, waveId]);

  // A pick that empties the stop moves the cursor on: keep the state where the screen is.
  useEffect(() => {
    if (curItem >= 0 && (curItem !== cursor?.item || curLoc !== cursor?.loc)) setCursor({ item: curItem, loc: curLoc });
  }, [curItem, curLoc, cursor]);

  // The line to come back to has an open stop again: offer it.
  useEffect(() => {
    if (focusLine === null) return;
    const i = items.findIndex((x) => x.line.order_item_id === focusLine && x.stops.length > 0);
    if (i < 0) return;
    setFocusLine(null);
    setCursor({ item: i, loc: 0 });
    setStep('ean');
  }, [focusLine, items]);

  const moveTo = (c: Cursor | null) => {
    if (!c) return;
    setFocusLine(null);
    setCursor(c);
    setStep('ean');
  };

  const w = wave?.progress;
  /** Whether the device has stored the shown position: a reload comes back here. */
  const stored =
    cur !== null &&
    !!w &&
    JSON.stringify(progressOf(cur, step)) ===
      JSON.stringify(progressOf({ item: w.current_item_index, loc: w.current_location_index }, w.scan_step as ScanStepName));
  return { cur, step, setStep, ready, moveTo, setFocusLine, stored };
}
