import type { PullRequest, PushRequest } from '../protocol';

/**
 * HTTP to /api/sync/*, kept apart from the replay logic so that tests can
 * replace the network with a fake server. Answers are returned, never thrown:
 * the replay decides per status (401, 409, 426, 503…); only a failed fetch
 * (no network) becomes status 0.
 */
export interface HttpAnswer {
  status: number;
  body: unknown;
}

export interface SyncTransport {
  push(req: PushRequest, token: string): Promise<HttpAnswer>;
  pull(req: PullRequest, token: string): Promise<HttpAnswer>;
}

async function post(base: string, path: string, body: unknown, token: string): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, body: null };
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // empty or not JSON (a proxy's error page): the status decides
  }
  return { status: res.status, body: data };
}

export function fetchTransport(base = '/api'): SyncTransport {
  return {
    push: (req, token) => post(base, '/sync/push', req, token),
    pull: (req, token) => post(base, '/sync/pull', req, token),
  };
}
