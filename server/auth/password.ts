import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB per hash). */
export const SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const LEN = 32;
/** scrypt needs 128·N·r bytes; node's default limit (32 MiB) is below that. */
const MAXMEM = 256 * 1024 * 1024;
/** The most memory a stored hash may ask for: a corrupt row must not make one login allocate gigabytes. */
const MAX_STORED_MEM = 1024 * 1024 * 1024;

/**
 * The N that new hashes get: SCRYPT_N, except in test runs (docs/testing.md "Where the time goes"),
 * where NODE_ENV=test and LAGERWERK_TEST_SCRYPT_N (a power of two from 1024) lower it so that the
 * suites' thousands of logins do not each cost 128 MiB and half a second. Every hash stores its
 * own parameters, so verifying never depends on this.
 */
function currentN(): number {
  const test = process.env.NODE_ENV === 'test' ? Number(process.env.LAGERWERK_TEST_SCRYPT_N) : Number.NaN;
  return Number.isInteger(Math.log2(test)) && test >= 1024 && test < SCRYPT_N ? test : SCRYPT_N;
}

/** scrypt from node:crypto (memory-hard; no native addon to install). Format: scrypt$N$r$p$salt$hash. */
export async function hashPassword(password: string): Promise<string> {
  const N = currentN();
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, LEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True when a stored hash was made with weaker parameters than today's (rehash it after a successful login). */
export function needsRehash(stored: string | null): boolean {
  if (!stored) return false;
  const [alg, n, r, p] = stored.split('$');
  return alg !== 'scrypt' || Number(n) < currentN() || Number(r) < R || Number(p) < P;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, saltB64, hashB64] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !hashB64) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const mem = 128 * cost.N * cost.r + 128 * cost.r * cost.p;
  if (!(mem > 0 && mem <= MAX_STORED_MEM && cost.p <= 16)) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { ...cost, maxmem: Math.max(MAXMEM, mem + 1024 * 1024) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A wrong e-mail costs as much time as a wrong password. */
let dummyHash: string | undefined;
export async function burnPasswordTime(password: string): Promise<void> {
  dummyHash ??= await hashPassword('lagerwerk-dummy');
  await verifyPassword(password, dummyHash);
}

/** QR login tokens: 160 random bits; only their SHA-256 is stored (they are already high-entropy). */
export function newQrToken(): string {
  return `LW-${randomBytes(20).toString('base64url')}`;
}

export function hashQrToken(token: string): string {
  return createHash('sha256').update(token.trim()).digest('hex');
}
