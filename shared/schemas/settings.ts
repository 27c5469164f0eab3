import { z } from 'zod';
import { Timestamp } from './common';
import { VALIDATION } from '../i18n/validation';
import type { SettingDefinition } from './setting-definition';
import { GENERAL_SETTINGS } from './settings-general';
import { SHIPPING_SETTINGS } from './settings-shipping';

export type { SettingDefinition } from './setting-definition';
export { DHL_ENVIRONMENTS } from './settings-shipping';

/**
 * Settings (spec part 1 §3 + keepa_api_key). The definitions decide category,
 * encryption and validation; a client cannot store a secret unencrypted by
 * claiming is_encrypted=false.
 */

export const SETTING_MASK = '••••••••';
/** A value that is only mask bullets is "unchanged" (the form still shows the mask). */
export function isMasked(v: string | null | undefined): boolean {
  return typeof v === 'string' && v.length > 0 && /^•+$/.test(v);
}

export const SETTING_CATEGORIES = ['shipping', 'general', 'warehouse'] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

/** Nightly completion of shipped orders (docs/fulfilment.md "Closing orders"): days after shipping, 0 = off. */
export const ORDER_AUTO_COMPLETE_DAYS_KEY = 'order_auto_complete_days';
export const ORDER_AUTO_COMPLETE_DAYS_DEFAULT = 14;

export const PICKING_STRATEGIES = ['route_optimized', 'quantity_first'] as const;

/** Every setting, in the order the settings screen shows them. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  ...SHIPPING_SETTINGS,
  ...GENERAL_SETTINGS,
  {
    key: 'picking_strategy',
    category: 'warehouse',
    encrypted: false,
    label: 'Kommissionierstrategie',
    description: 'Reihenfolge der Lagerplätze beim Picken',
    default: 'route_optimized',
    required: true,
    options: [
      { value: 'route_optimized', label: 'Wegoptimiert' },
      { value: 'quantity_first', label: 'Menge zuerst' },
    ],
  },
  {
    key: ORDER_AUTO_COMPLETE_DAYS_KEY,
    category: 'warehouse',
    encrypted: false,
    label: 'Aufträge automatisch abschließen nach (Tagen)',
    description: 'Versendete Aufträge werden nach so vielen Tagen abgeschlossen; 0 schaltet es ab',
    default: String(ORDER_AUTO_COMPLETE_DAYS_DEFAULT),
    required: true,
    maxLength: 3,
    pattern: { re: /^\d{1,3}$/, reason: 'ganze Zahl von 0 bis 999' },
  },
  {
    key: 'packing_verify_each_piece',
    category: 'warehouse',
    encrypted: false,
    label: 'Prüfung an der Packstation',
    description: 'Aus: ein Scan bestätigt eine ganze Position. An: jedes Stück wird einzeln gescannt.',
    default: 'false',
    required: true,
    options: [
      { value: 'false', label: 'Ein Scan pro Position' },
      { value: 'true', label: 'Jedes Stück scannen' },
    ],
  },
];

export const SETTING_BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(SETTING_DEFINITIONS.map((d) => [d.key, d]));

/** German reason when a value breaks its definition, else null. */
export function settingProblem(def: SettingDefinition, value: string | null): string | null {
  if (value === null || value === '') return null;
  if (def.maxLength && value.length > def.maxLength) return `höchstens ${def.maxLength} Zeichen`;
  if (def.options && !def.options.some((o) => o.value === value)) return `erlaubt: ${def.options.map((o) => o.value).join(', ')}`;
  if (def.pattern && !def.pattern.re.test(value)) return def.pattern.reason;
  if (def.input === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'keine gültige E-Mail-Adresse';
  return null;
}

export const Setting = z.object({
  key: z.string(),
  /** Encrypted values come back as SETTING_MASK when set, null when unset. */
  value: z.string().nullable(),
  category: z.enum(SETTING_CATEGORIES),
  is_encrypted: z.boolean(),
  description: z.string().nullable(),
  has_value: z.boolean(),
  updated_at: Timestamp.nullable(),
});
export type Setting = z.infer<typeof Setting>;
export const SettingList = z.array(Setting);

export const SettingKeyParams = z.object({ key: z.string().trim().min(1).max(100) });

/** The spec's setting object; category/is_encrypted/description are accepted and ignored (definitions decide). */
export const SettingWrite = z.object({
  key: z.string({ error: VALIDATION.settingKeyRequired }).trim().min(1, VALIDATION.settingKeyRequired).max(100),
  value: z.string().max(2000).nullable(),
  category: z.string().optional(),
  is_encrypted: z.boolean().optional(),
  description: z.string().nullish(),
});
export type SettingWrite = z.infer<typeof SettingWrite>;
export const SettingBatchRequest = z.array(SettingWrite).max(100);
export const SettingPutRequest = SettingWrite.partial({ key: true });

export const SettingBatchResponse = z.object({
  saved: z.number(),
  skipped: z.number(),
  message: z.string(),
  settings: SettingList,
});
export type SettingBatchResponse = z.infer<typeof SettingBatchResponse>;

export const DecryptResponse = z.object({ key: z.string(), value: z.string().nullable() });

export const Country = z.object({ code: z.string(), name_de: z.string() });
export const CountryList = z.array(Country);
export const CountriesQuery = z.object({ active_only: z.enum(['true', 'false']).optional() });
