import { syncEngine } from '../../sync/engine';

/** The one place the announcements feature asks the device sync engine to push: after a line was queued. */
export function requestSync(): void {
  syncEngine.kick();
}
