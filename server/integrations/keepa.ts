import { z } from 'zod';
import type { KeepaData } from '../../shared/schemas/products';
import type { AppConfig } from '../config';
import type { DbOrTrx } from '../db/index';
import { AppError } from '../errors';
import { readSetting } from '../features/settings/crypto';
import { KeepaRawProduct, mapKeepaProduct } from './keepa-product';

export { KeepaRawProduct, mapKeepaProduct, plainText } from './keepa-product';

/**
 * The one Keepa HTTP client (Product Request, domain 3 = amazon.de).
 * Contract: docs/operations.md "Products and Keepa" and Keepa's Java client
 * (keepacom/api_backend): GET {base}/product?key&domain&code&history=0,
 * gzip JSON with tokensLeft / refillIn (ms) / refillRate (per minute) and
 * products[]; HTTP 429 = not enough tokens (retry after refillIn), 402 =
 * payment required. Package dimensions come in mm and weights in g; 0 or -1
 * mean unknown.
 *
 * Every call costs tokens, so the client remembers the last token status it
 * saw; a bulk job asks `waitMsFor(n)` before the next request instead of
 * running into 429s. Errors are typed (KeepaError.kind) so callers can decide
 * between "retry later" (rate_limited, server, timeout, network) and "give up"
 * (payment_required, rejected, bad_response).
 */

export const KEEPA_DOMAIN_DE = 3;
export const KEEPA_DEFAULT_TIMEOUT_MS = 8000;
/** Keepa accepts up to 100 codes per product request. */
export const KEEPA_MAX_CODES = 100;

export type KeepaErrorKind = 'rate_limited' | 'payment_required' | 'rejected' | 'server' | 'timeout' | 'network' | 'bad_response';

export class KeepaError extends Error {
  readonly kind: KeepaErrorKind;
  readonly status: number | null;
  /** For rate_limited: milliseconds until enough tokens are back (Keepa's refillIn). */
  readonly refillInMs: number | null;
  readonly tokensLeft: number | null;

  constructor(kind: KeepaErrorKind, message: string, extra: { status?: number | null; refillInMs?: number | null; tokensLeft?: number | null } = {}) {
    super(message);
    this.name = 'KeepaError';
    this.kind = kind;
    this.status = extra.status ?? null;
    this.refillInMs = extra.refillInMs ?? null;
    this.tokensLeft = extra.tokensLeft ?? null;
  }

  /** Worth retrying later with the same request. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'server' || this.kind === 'timeout' || this.kind === 'network';
  }

  /** The API's German error for this failure. */
  toAppError(): AppError {
    if (this.kind === 'rate_limited') {
      return new AppError('KEEPA_RATE_LIMITED', { refill_seconds: Math.ceil((this.refillInMs ?? 60_000) / 1000) });
    }
    if (this.kind === 'payment_required') return new AppError('KEEPA_PAYMENT_REQUIRED');
    return new AppError('KEEPA_UNAVAILABLE', { reason: KEEPA_REASON_DE[this.kind] });
  }
}

const KEEPA_REASON_DE: Record<KeepaErrorKind, string> = {
  rate_limited: 'Kontingent erschöpft',
  payment_required: 'Zahlung erforderlich',
  rejected: 'Anfrage abgelehnt',
  server: 'Serverfehler bei Keepa',
  timeout: 'Zeitüberschreitung',
  network: 'Netzwerkfehler',
  bad_response: 'unlesbare Antwort',
};

export function isKeepaError(e: unknown): e is KeepaError {
  return e instanceof KeepaError;
}

export interface KeepaTokenStatus {
  tokensLeft: number | null;
  refillInMs: number | null;
  /** Tokens added per minute. */
  refillRate: number | null;
  tokensConsumed: number | null;
  /** Date.now() when Keepa reported this. */
  at: number;
}

const num = z.number().nullish();
const KeepaResponse = z.looseObject({
  tokensLeft: num,
  refillIn: num,
  refillRate: num,
  tokensConsumed: num,
  products: z.array(KeepaRawProduct).nullish(),
  error: z.looseObject({ type: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

export interface KeepaClientOptions {
  apiKey: string;
  baseUrl: string;
  domain?: number;
  timeoutMs?: number;
}

export class KeepaClient {
  private readonly opts: Required<KeepaClientOptions>;
  private status: KeepaTokenStatus | null = null;

  constructor(opts: KeepaClientOptions) {
    this.opts = {
      apiKey: opts.apiKey,
      baseUrl: opts.baseUrl.replace(/\/+$/, ''),
      domain: opts.domain ?? KEEPA_DOMAIN_DE,
      timeoutMs: opts.timeoutMs ?? KEEPA_DEFAULT_TIMEOUT_MS,
    };
  }

  /** The last token status Keepa reported (null before the first answer). */
  get tokens(): KeepaTokenStatus | null {
    return this.status;
  }

  /**
   * How long to wait before a request costing `needed` tokens, judged from the
   * last reported status (0 when unknown or enough tokens are left).
   */
  waitMsFor(needed = 1, now = Date.now()): number {
    const s = this.status;
    if (!s || s.tokensLeft === null || s.tokensLeft >= needed) return 0;
    const missing = needed - s.tokensLeft;
    const perMinute = s.refillRate && s.refillRate > 0 ? s.refillRate : null;
    const byRate = perMinute ? Math.ceil((missing / perMinute) * 60_000) : 60_000;
    const untilRefill = s.refillInMs ?? 0;
    return Math.max(0, Math.max(untilRefill, byRate) - (now - s.at));
  }

  /** One code (EAN/UPC/ISBN-13); null when Keepa knows no product with a title for it. */
  async productByCode(code: string): Promise<KeepaData | null> {
    const found = await this.productsByCodes([code]);
    return found.get(code) ?? null;
  }

  /**
   * Up to 100 codes in one request (one token per product found). The map
   * holds the first titled product per requested code; codes Keepa does not
   * know are missing from it.
   */
  async productsByCodes(codes: string[]): Promise<Map<string, KeepaData>> {
    if (codes.length === 0) return new Map();
    if (codes.length > KEEPA_MAX_CODES) throw new RangeError(`Keepa accepts at most ${KEEPA_MAX_CODES} codes per request`);
    const body = await this.request('/product', { domain: String(this.opts.domain), code: codes.join(','), history: '0' });
    const now = new Date();
    const out = new Map<string, KeepaData>();
    for (const raw of body.products ?? []) {
      if (!raw.title) continue;
      const data = mapKeepaProduct(raw, now);
      const listed = new Set(data.ean_list.map((c) => c.replace(/^0+/, '')));
      const matches = codes.length === 1 ? codes : codes.filter((c) => listed.has(c.replace(/^0+/, '')));
      for (const c of matches) if (!out.has(c)) out.set(c, data);
    }
    return out;
  }

  private async request(path: string, params: Record<string, string>): Promise<z.infer<typeof KeepaResponse>> {
    const url = new URL(this.opts.baseUrl + path);
    url.searchParams.set('key', this.opts.apiKey);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let answer: { res: Response; text: string };
    try {
      answer = await this.fetchOnce(url);
    } catch (e) {
      // A kept-alive socket the server closed at the same moment fails before the request is
      // processed (no token spent): one fresh attempt. Timeouts are not repeated.
      if (!isKeepaError(e) || e.kind !== 'network') throw e;
      answer = await this.fetchOnce(url);
    }
    const { res, text } = answer;
    let parsed: z.infer<typeof KeepaResponse> | null = null;
    try {
      const r = KeepaResponse.safeParse(JSON.parse(text));
      if (r.success) parsed = r.data;
    } catch {
      parsed = null;
    }
    if (parsed) this.remember(parsed);
    const extra = { status: res.status, refillInMs: parsed?.refillIn ?? null, tokensLeft: parsed?.tokensLeft ?? null };
    if (res.status === 429) throw new KeepaError('rate_limited', 'Keepa: not enough tokens', extra);
    if (res.status === 402 || res.status === 401 || res.status === 403) throw new KeepaError('payment_required', `Keepa answered ${res.status}`, extra);
    if (res.status >= 500) throw new KeepaError('server', `Keepa answered ${res.status}`, extra);
    if (res.status >= 400) throw new KeepaError('rejected', `Keepa answered ${res.status}: ${parsed?.error?.message ?? ''}`.trim(), extra);
    if (!parsed) throw new KeepaError('bad_response', 'Keepa sent no readable JSON', extra);
    if (parsed.error) throw new KeepaError('rejected', `Keepa error ${parsed.error.type ?? ''}: ${parsed.error.message ?? ''}`.trim(), extra);
    return parsed;
  }

  private async fetchOnce(url: URL): Promise<{ res: Response; text: string }> {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), this.opts.timeoutMs);
    try {
      const res = await fetch(url, { signal: ac.signal, headers: { accept: 'application/json', 'accept-encoding': 'gzip' } });
      return { res, text: await res.text() };
    } catch (e) {
      if (ac.signal.aborted) throw new KeepaError('timeout', `Keepa did not answer within ${this.opts.timeoutMs} ms`);
      // Never include the URL: it carries the API key.
      throw new KeepaError('network', `Keepa request failed: ${(e as Error).name}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private remember(r: z.infer<typeof KeepaResponse>): void {
    if (r.tokensLeft === undefined && r.refillIn === undefined) return;
    this.status = {
      tokensLeft: r.tokensLeft ?? null,
      refillInMs: r.refillIn ?? null,
      refillRate: r.refillRate ?? null,
      tokensConsumed: r.tokensConsumed ?? null,
      at: Date.now(),
    };
  }
}

/**
 * The Keepa key: KEEPA_API_KEY, else the encrypted setting keepa_api_key.
 * Null means "no Keepa": callers skip it. An undecryptable setting (key
 * rotated) also counts as no key rather than failing the request.
 */
export async function keepaApiKey(db: DbOrTrx, config: Pick<AppConfig, 'keepaApiKey' | 'settingsKey'>): Promise<string | null> {
  if (config.keepaApiKey) return config.keepaApiKey;
  try {
    return (await readSetting(db, config.settingsKey, 'keepa_api_key'))?.trim() || null;
  } catch {
    return null;
  }
}

/** A client for the configured key and base URL, or null when no key is set. */
export async function keepaClientFor(
  db: DbOrTrx,
  config: Pick<AppConfig, 'keepaApiKey' | 'settingsKey' | 'keepaBaseUrl'>,
  opts: { timeoutMs?: number } = {},
): Promise<KeepaClient | null> {
  const apiKey = await keepaApiKey(db, config);
  if (!apiKey) return null;
  return new KeepaClient({ apiKey, baseUrl: config.keepaBaseUrl, timeoutMs: opts.timeoutMs });
}
