import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/index';

/**
 * Encrypted settings: AES-256-GCM under SETTINGS_KEY.
 * Stored form: v1:<iv b64>:<tag b64>:<ciphertext b64>; never plain text in the database.
 */
const PREFIX = 'v1';

export function encryptSetting(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decryptSetting(key: Buffer, stored: string): string {
  const [prefix, ivB64, tagB64, dataB64] = stored.split(':');
  if (prefix !== PREFIX || !ivB64 || !tagB64 || dataB64 === undefined) throw new Error('unknown settings cipher format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivB64, 'base64'));
  decipher.setAuthTag(Buffer.from(tagB64, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(dataB64, 'base64')), decipher.final()]).toString('utf8');
}

/** A setting's plain value (decrypted when encrypted); null when unset or empty. */
export async function readSetting(db: DbOrTrx, key: Buffer, name: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select(['value', 'is_encrypted']).where('key', '=', name).executeTakeFirst();
  if (!row?.value) return null;
  return row.is_encrypted ? decryptSetting(key, row.value) : row.value;
}
