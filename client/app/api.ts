import type { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { currentLanguage, texts } from '../../shared/i18n/translate';
import { UI } from '../../shared/i18n/ui';
import { clearSession, getToken } from './auth';

/** Error of an API call: the server's detail (in the user's language where the code is a device code, see below) plus its stable code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly detail: string;
  constructor(status: number, detail: string, code: string, params: Record<string, unknown> = {}) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
    this.detail = detail;
  }
}

/** The German text of an unreachable server; ApiError carries it in the language in use. */
export const OFFLINE_TEXT = UI.noConnection;

export function isOfflineError(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'OFFLINE';
}

/** The server's detail (see inLanguage), or the screen's fallback text from the spec's catalogue. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.detail) return e.detail;
  return fallback;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Skip the global "401 clears the session" rule (the sync engine handles its own). */
  keepSessionOn401?: boolean;
}

/** A body sent as it is with its own content type (the CSV order import), not as JSON. */
export class RawBody {
  constructor(
    readonly text: string,
    readonly type: string,
  ) {}
}

let onUnauthorized: () => void = () => {
  if (location.pathname !== '/login') location.assign('/login');
};
/** The router sets how to get to /login without a full reload. */
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

async function send(method: string, path: string, body: unknown, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = body instanceof RawBody ? body.type : 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, texts(UI).noConnection, 'OFFLINE');
  }
  if (!res.ok) {
    let detail = '';
    let code = `HTTP_${res.status}`;
    let params: Record<string, unknown> = {};
    try {
      const data = (await res.json()) as { detail?: unknown; code?: string; params?: Record<string, unknown> };
      if (typeof data.detail === 'string') detail = data.detail;
      if (data.code) code = data.code;
      if (data.params) params = data.params;
    } catch {
      // not JSON: keep the status-based code
    }
    // Only 401 means the token is no longer valid. A 403 is one refused action of a valid
    // session; logging out there would drop the user's place (and a device's offline work) for nothing.
    if (res.status === 401 && !opts.keepSessionOn401) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(res.status, await inLanguage(code, params, detail), code, params);
  }
  return res;
}

/**
 * The server answers in German; a refusal a handheld can show (a device code,
 * shared/i18n/errors/device.ts) is rendered from code + params in the user's
 * language (docs/architecture.md "Languages"). German users never load the
 * error catalogue here; for the others the language pack already holds it.
 */
async function inLanguage(code: string, params: Record<string, unknown>, detail: string): Promise<string> {
  if (currentLanguage() === DEFAULT_LANGUAGE || !detail) return detail;
  const { refusalText } = await import('../../shared/i18n/errors');
  return refusalText(code, params, detail);
}

async function json<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, body, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Binary responses (PDF labels); JSON answers go through apiGet/apiPost/… below. */
export const api = {
  blob: async (path: string, opts: RequestOptions = {}) => (await send('GET', path, undefined, opts)).blob(),
  /** A PDF made by a POST (generated barcodes), with the file name from Content-Disposition. */
  postBlob: async (path: string, body: unknown, opts: RequestOptions = {}): Promise<{ blob: Blob; fileName: string | null }> => {
    const res = await send('POST', path, body, opts);
    const fileName = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
    return { blob: await res.blob(), fileName };
  },
};

/**
 * Typed calls: the path goes with the route's response schema from shared/
 * (the one the Fastify route serialises with), and the answer is parsed with
 * it. A server that answers in another shape (an old API behind a new app)
 * fails here with a clear German message instead of deep inside a screen.
 */
async function parsed<S extends z.ZodType>(schema: S, method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<z.output<S>> {
  const data = await json<unknown>(method, path, body, opts);
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.error(`Response of ${method} ${path} does not match its schema`, result.error.issues);
  // The error catalogue is loaded only here (rare), so /login does not ship it (see client/main.tsx).
  const { errorText } = await import('../../shared/i18n/errors');
  throw new ApiError(0, errorText('INVALID_RESPONSE'), 'INVALID_RESPONSE', { path });
}

export function apiGet<S extends z.ZodType>(path: string, schema: S, opts?: RequestOptions): Promise<z.output<S>> {
  return parsed(schema, 'GET', path, undefined, opts);
}

export function apiPost<S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions): Promise<z.output<S>> {
  return parsed(schema, 'POST', path, body ?? {}, opts);
}

export function apiPut<S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions): Promise<z.output<S>> {
  return parsed(schema, 'PUT', path, body ?? {}, opts);
}

export function apiPatch<S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions): Promise<z.output<S>> {
  return parsed(schema, 'PATCH', path, body ?? {}, opts);
}

export function apiDelete<S extends z.ZodType>(path: string, schema: S, opts?: RequestOptions): Promise<z.output<S>> {
  return parsed(schema, 'DELETE', path, undefined, opts);
}

/** Builds a query string from defined values. */
export function qs(params: Record<string, string | number | boolean | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
