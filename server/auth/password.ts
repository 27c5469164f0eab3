import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const LEN = 32;

/** scrypt from node:crypto (memory-hard; no native addon to install). Format: scrypt$N$r$p$salt$hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, LEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, saltB64, hashB64] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
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
