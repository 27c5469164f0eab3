import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** Built PWA (vite build output); served with SPA fallback when present. */
  staticDir: string;
  logLevel: string;
  /** Login throttling: failures per window before a lock. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Run background jobs (bulk enrichment, the retention purge) in this process. */
  runJobs: boolean;
  /** Days that idempotency keys and replayed sync mutations are kept (server/jobs/purge.ts). */
  retentionDays: number;
}

export class ConfigError extends Error {}

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
  const seedDefault = !databaseUrl;
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
    staticDir: resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES || 5),
    loginWindowMinutes: Number(env.LOGIN_WINDOW_MINUTES || 15),
    runJobs: env.RUN_JOBS !== 'false',
    retentionDays: retentionDays(env.RETENTION_DAYS),
  };
}
