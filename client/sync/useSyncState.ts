import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { SyncState } from '../../sync/device/state';
import { db } from '../db';
import { syncEngine } from './engine';

export interface SyncView extends SyncState {
  /** Queued and not yet acknowledged by the server (all users of this device). */
  pending: number;
  /** Rejected and waiting for a person. */
  problems: number;
}

/** Online state, queue counts, problems, last sync and "login needed" for the UI. */
export function useSyncState(): SyncView {
  const state = useSyncExternalStore(syncEngine.state.subscribe, syncEngine.state.get, syncEngine.state.get);
  const counts = useLiveQuery(
    async () => ({
      pending: await db.outbox.where('status').equals('pending').count(),
      problems: await db.outbox.where('status').equals('rejected').count(),
    }),
    [],
    { pending: 0, problems: 0 },
  );
  return { ...state, ...counts };
}
