import {
  isMasked,
  ORDER_AUTO_COMPLETE_DAYS_DEFAULT,
  ORDER_AUTO_COMPLETE_DAYS_KEY,
  SETTING_BY_KEY,
  SETTING_DEFINITIONS,
  SETTING_MASK,
  type Setting,
  type SettingDefinition,
  type SettingWrite,
  settingProblem,
} from '../../../shared/schemas/settings';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { decryptSetting, encryptSetting } from './crypto';

/**
 * Settings by definition (shared/schemas/settings.ts): every known key is
 * listed with its default until saved. Secrets are encrypted at rest
 * (AES-256-GCM) and leave the server only masked, except through the admin
 * decrypt call.
 */

function definitionOf(key: string): SettingDefinition {
  const def = SETTING_BY_KEY.get(key);
  if (!def) throw new AppError('SETTING_UNKNOWN', { key });
  return def;
}

export async function listSettings(db: DbOrTrx): Promise<Setting[]> {
  const rows = await db.selectFrom('settings').selectAll().execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return SETTING_DEFINITIONS.map((def) => {
    const row = byKey.get(def.key);
    const stored = row ? row.value : def.default;
    const has = Boolean(stored);
    return {
      key: def.key,
      value: def.encrypted ? (has ? SETTING_MASK : null) : stored,
      category: def.category,
      is_encrypted: def.encrypted,
      description: def.description,
      has_value: has,
      updated_at: row?.updated_at ?? null,
    };
  });
}

export async function decryptedValue(db: DbOrTrx, key: Buffer, name: string): Promise<string | null> {
  const def = definitionOf(name);
  const row = await db.selectFrom('settings').select(['value', 'is_encrypted']).where('key', '=', name).executeTakeFirst();
  if (!row) return def.default;
  if (!row.value) return null;
  if (!row.is_encrypted) return row.value;
  try {
    return decryptSetting(key, row.value);
  } catch {
    // SETTINGS_KEY changed: the stored secret is unreadable and must be entered again.
    throw new AppError('SETTING_INVALID', { key: name, label: def.label, reason: 'kann nicht entschlüsselt werden – bitte neu eingeben' });
  }
}

export type PickingStrategy = 'route_optimized' | 'quantity_first';

/** The setting `picking_strategy` (plain, not encrypted); unknown values fall back to the default. */
export async function pickingStrategy(db: DbOrTrx): Promise<PickingStrategy> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'picking_strategy').executeTakeFirst();
  return row?.value === 'quantity_first' ? 'quantity_first' : 'route_optimized';
}

/** The setting order_auto_complete_days (0 = off); unset or unreadable values fall back to the default. */
export async function orderAutoCompleteDays(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', ORDER_AUTO_COMPLETE_DAYS_KEY).executeTakeFirst();
  const n = row?.value == null ? Number.NaN : Number(row.value);
  return Number.isInteger(n) && n >= 0 ? n : ORDER_AUTO_COMPLETE_DAYS_DEFAULT;
}

/** The setting `packing_verify_each_piece`: only the stored 'true' switches it on (default off). */
export async function packingVerifyEachPiece(db: DbOrTrx): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'packing_verify_each_piece').executeTakeFirst();
  return row?.value === 'true';
}

/**
 * Saves settings in one transaction. Values still showing the mask are
 * skipped (the form did not change them); unchanged plain values are skipped
 * too. Returns how many were written.
 */
export async function saveSettings(trx: Trx, key: Buffer, writes: SettingWrite[]): Promise<{ saved: number; skipped: number }> {
  let saved = 0;
  let skipped = 0;
  const checked = writes.map((w) => {
    const def = definitionOf(w.key);
    let value = w.value === null ? null : w.value.trim();
    if (value === '') value = null;
    if (value !== null && def.upper) value = value.toUpperCase();
    if (!isMasked(value)) {
      const problem = settingProblem(def, value);
      if (problem) throw new AppError('SETTING_INVALID', { key: def.key, label: def.label, reason: problem });
    }
    return { def, value };
  });
  for (const { def, value } of checked) {
    if (isMasked(value)) {
      skipped++;
      continue;
    }
    const current = await trx.selectFrom('settings').select(['value', 'is_encrypted']).where('key', '=', def.key).executeTakeFirst();
    if (current && !def.encrypted && current.value === value) {
      skipped++;
      continue;
    }
    if (current && def.encrypted && current.is_encrypted && current.value && value !== null) {
      try {
        if (decryptSetting(key, current.value) === value) {
          skipped++;
          continue;
        }
      } catch {
        // unreadable old secret: overwrite it
      }
    }
    const stored = value === null ? null : def.encrypted ? encryptSetting(key, value) : value;
    await trx
      .insertInto('settings')
      .values({ key: def.key, value: stored, category: def.category, is_encrypted: def.encrypted, description: def.description })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: stored, category: def.category, is_encrypted: def.encrypted, description: def.description, updated_at: new Date() }),
      )
      .execute();
    saved++;
  }
  return { saved, skipped };
}
