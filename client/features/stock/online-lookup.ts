import { ApiError, isOfflineError } from '../../app/api';

/**
 * A scanned code the device does not hold (an article, a place): the working set holds what the
 * user works on, not the whole warehouse (docs/sync.md "Entities"). While online the server is
 * asked, for at most ONLINE_LOOKUP_MS so every scan is still answered at once; the caller keeps a
 * found row on the device, so the next scan and offline work find it. Offline (or no answer in
 * time) the miss says the code is not on this device, not that it is unknown.
 */

/** How long a scan waits for the server's lookup before it answers from the device alone. */
export const ONLINE_LOOKUP_MS = 3000;

/** The network a lookup may use; the browser's by default, the in-process server in tests. */
export interface LookupNet<R> {
  online(): boolean;
  lookup(code: string, signal: AbortSignal): Promise<R>;
}

/** What the server said about a code, within ONLINE_LOOKUP_MS. */
export type ServerAnswer<R> =
  | { kind: 'answer'; answer: R }
  /** 404: the server does not know the code either. */
  | { kind: 'unknown' }
  /** No network, no answer in time. */
  | { kind: 'unreachable' }
  /** The server answered with an error other than 404. */
  | { kind: 'failed' };

export async function askServer<R>(net: LookupNet<R>, code: string): Promise<ServerAnswer<R>> {
  if (!net.online()) return { kind: 'unreachable' };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ONLINE_LOOKUP_MS);
  try {
    return { kind: 'answer', answer: await net.lookup(code, abort.signal) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: 'unknown' };
    return e instanceof ApiError && !isOfflineError(e) ? { kind: 'failed' } : { kind: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
