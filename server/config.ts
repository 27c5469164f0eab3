import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  /** 32-byte key for AES-256-GCM encrypted settings. */
  settingsKey: Buffer;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  keepaApiKey?: string;
  keepaBaseUrl: string;
  /** DHL_API_BASE_URL: overrides the setting dhl_api_environment (full base up to /parcel/de/shipping/v2), e.g. for a local DHL-shaped server. */
  dhlApiBaseUrl?: string;
  /** Built PWA (vite build output); served with SPA fallback when present. */
  staticDir: string;
  logLevel: string;
  /** Login throttling; unset means DEFAULT_LOGIN_THROTTLE (server/features/auth/throttle.ts). */
  loginThrottle?: LoginThrottleSettings;
  /**
   * Fastify's trustProxy: false (the socket address is the client) or the proxies'
   * addresses/CIDRs. Only X-Forwarded-For from those is believed, so nobody else can
   * pick the IP that login throttling counts.
   */
  trustProxy?: false | string[];
  /** Run background jobs (bulk enrichment, the retention purge) in this process. */
  runJobs: boolean;
  /** Days that idempotency keys and replayed sync mutations are kept (server/jobs/purge.ts). */
  retentionDays: number;
  /** API_KEY_RATE_PER_MINUTE: requests per API key and minute, per instance (server/auth/api-keys.ts). */
  apiKeyRatePerMinute: number;
  /** WEBHOOK_ALLOW_PRIVATE_HOSTS=true: webhooks may target http and private addresses (tests, internal shops; server/features/webhooks/target.ts). */
  webhookAllowPrivateHosts?: boolean;
  /** Delays between webhook delivery attempts in seconds; unset means DEFAULT_WEBHOOK_RETRY_DELAYS (tests shorten them). */
  webhookRetryDelaysSeconds?: readonly number[];
}

export interface LoginThrottleSettings {
  /** Per (account, IP): a small budget, so one device guessing one password stops soon. */
  pair: { maxFailures: number; windowMinutes: number };
  /** Per IP: high, because a whole warehouse behind one NAT shares it. */
  ip: { maxFailures: number; windowMinutes: number };
  /** Per account from any IPs: growing delays, never a lock a stranger could hold. */
  account: { freeFailures: number; windowMinutes: number; baseDelaySeconds: number; maxDelaySeconds: number };
}

export class ConfigError extends Error {}

export const JWT_SECRET_MIN_BYTES = 32;

/** Names proxy-addr accepts besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a comma list of proxy addresses/CIDRs; unset trusts nobody. A bare hop count
 * is refused rather than passed on: Fastify 5 ignores it (it cannot tell whether the peer
 * is the proxy, so it trusts nothing), and a setting that silently does nothing is worse.
 */
export function parseTrustProxy(raw: string | undefined): false | string[] {
  const value = raw?.trim();
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    throw new ConfigError('TRUST_PROXY: Eine Anzahl von Proxys genügt nicht – bitte die Adressen der Proxys angeben (z. B. 127.0.0.1 oder 10.0.0.0/8).');
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((a) => !PROXY_NAMES.has(a) && isIP(a.split('/')[0] ?? '') === 0);
  if (bad.length > 0) {
    throw new ConfigError(`TRUST_PROXY muss eine Anzahl von Proxys (z. B. 1) oder eine Liste von Adressen/CIDRs sein, nicht: ${bad.join(', ')}`);
  }
  return list;
}

function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const b = Buffer.from(trimmed, 'base64');
  if (b.length === 32) return b;
  throw new ConfigError('SETTINGS_KEY muss 32 Byte lang sein (64 Hex-Zeichen oder Base64).');
}

/** Reads a secret from DATA_DIR or creates it there once (embedded database only). */
function persistedSecret(dataDir: string, name: string, make: () => string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/** A retention below one day would purge keys a device may still retry with during a normal offline shift. */
function retentionDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 30;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1) throw new ConfigError('RETENTION_DAYS muss eine ganze Zahl ab 1 sein.');
  return days;
}

export const DEFAULT_API_KEY_RATE_PER_MINUTE = 600;

function apiKeyRatePerMinute(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_API_KEY_RATE_PER_MINUTE;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError('API_KEY_RATE_PER_MINUTE muss eine ganze Zahl ab 1 sein.');
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(env.DATA_DIR || './data');
  let jwtSecret = env.JWT_SECRET;
  let settingsKeyRaw = env.SETTINGS_KEY;
  if (databaseUrl) {
    const missing = [!jwtSecret && 'JWT_SECRET', !settingsKeyRaw && 'SETTINGS_KEY'].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Mit DATABASE_URL müssen ${missing.join(' und ')} gesetzt sein (alle API-Instanzen brauchen dieselben Schlüssel).`);
    }
  } else {
    jwtSecret ||= persistedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
    settingsKeyRaw ||= persistedSecret(dataDir, 'settings-key', () => randomBytes(32).toString('hex'));
  }
  // HS256 keys shorter than the hash (32 bytes) are guessable offline from any token (RFC 7518 §3.2).
  if (Buffer.byteLength(jwtSecret as string, 'utf8') < JWT_SECRET_MIN_BYTES) {
    throw new ConfigError(`JWT_SECRET ist zu kurz: mindestens ${JWT_SECRET_MIN_BYTES} Byte (z. B. openssl rand -base64 48).`);
  }
  // A real admin account means a real installation: its public demo logins only on request.
  const seedDefault = !databaseUrl && !env.ADMIN_EMAIL;
  const seedDemo = env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? seedDefault : env.SEED_DEMO === 'true';
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    jwtSecret: jwtSecret as string,
    settingsKey: parseKey(settingsKeyRaw as string),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo,
    keepaApiKey: env.KEEPA_API_KEY || undefined,
    keepaBaseUrl: env.KEEPA_BASE_URL || 'https://api.keepa.com',
    dhlApiBaseUrl: env.DHL_API_BASE_URL || undefined,
    staticDir: resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    runJobs: env.RUN_JOBS !== 'false',
    retentionDays: retentionDays(env.RETENTION_DAYS),
    apiKeyRatePerMinute: apiKeyRatePerMinute(env.API_KEY_RATE_PER_MINUTE),
    webhookAllowPrivateHosts: env.WEBHOOK_ALLOW_PRIVATE_HOSTS === 'true',
  };
}
