import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STOCKTAKE_STATUS_LABELS } from '../../../shared/constants';
import { NOTIFICATION_ACTION_LABELS, NOTIFICATION_STATUS_LABELS } from '../../../shared/domain/notification-status';
import { ORDER_ACTION_LABELS, ORDER_STATUS_LABELS } from '../../../shared/domain/order-status';
import { capacityText } from '../../../shared/domain/pallet-load';
import { DISPOSABLE_PALLET_STATUS_LABELS, PALLET_STATUS_LABELS } from '../../../shared/domain/pallets';
import { RETURN_STATUS_LABELS } from '../../../shared/domain/returns';
import { WAVE_ACTION_LABELS, WAVE_STATUS_LABELS } from '../../../shared/domain/wave-status';
import { type DeviceErrorCode, errorText, refusalText } from '../../../shared/i18n/errors';
import {
  CART_ASSIGNMENT_REASONS,
  CONFLICT_REASONS,
  ITEM_DISCREPANCY_REASONS,
  PALLET_INACTIVE_LABELS,
  reasonParams,
} from '../../../shared/i18n/errors/refusal-words';
import { EN } from '../../../shared/i18n/lang/en';
import { PL } from '../../../shared/i18n/lang/pl';
import { UK } from '../../../shared/i18n/lang/uk';
import { addTranslations, setLanguage } from '../../../shared/i18n/translate';
import { VALIDATION } from '../../../shared/i18n/validation';
import { installGermanZodErrors } from '../../../shared/i18n/zod-de';
import { ZOD_REASONS, zodReasonCode } from '../../../shared/i18n/zod-reasons';
import { nulRejection, validationRejection } from '../../../shared/offline';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../../../shared/i18n/products';

/**
 * A handheld words a refusal's params from the codes beside them
 * (shared/i18n/errors/display.ts, docs/architecture.md "Languages"): every
 * converted code, as the server fills its params, reads without a German word
 * in English, Polish and Ukrainian; German stays as the server wrote it.
 */

// the German reasons of the server and the device, before the cases below parse
installGermanZodErrors();

beforeAll(() => {
  addTranslations('en', EN);
  addTranslations('pl', PL);
  addTranslations('uk', UK);
});
afterEach(() => setLanguage('de'));

/** A refusal as the server sends it and the German words in its params that a translation must replace. */
interface Case {
  name: string;
  code: DeviceErrorCode;
  params: Record<string, unknown>;
  german: string[];
}

const status = (code: DeviceErrorCode, labels: Record<string, string>, key: string, extra: Record<string, unknown> = {}): Case => ({
  name: `${code} ${key}`,
  code,
  params: { number: 'X-7', order_number: 'X-7', return_number: 'R-7', barcode: 'PAL-1', status: labels[key], status_code: key, ...extra },
  german: [labels[key], ...(typeof extra.action === 'string' ? [extra.action] : [])],
});

const zodCase = (name: string, schema: z.ZodType, value: unknown, germanField: string): Case => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`${name}: the value passes`);
  const { params } = validationRejection(parsed.error);
  return { name: `VALIDATION ${name}`, code: 'VALIDATION', params, german: [germanField, String(params.reason)] };
};

const CASES: Case[] = [
  ...(['shipped', 'packed', 'cancelled'] as const).map((s) =>
    status('ORDER_STATUS_CONFLICT', ORDER_STATUS_LABELS, s, { action: ORDER_ACTION_LABELS.cancel, action_code: 'cancel' }),
  ),
  status('ORDER_STATUS_CONFLICT', ORDER_STATUS_LABELS, 'new', { action: ORDER_ACTION_LABELS.mark_packed, action_code: 'mark_packed' }),
  status('WAVE_STATUS_CONFLICT', WAVE_STATUS_LABELS, 'draft', { action: WAVE_ACTION_LABELS.release, action_code: 'release' }),
  status('WAVE_STATUS_CONFLICT', WAVE_STATUS_LABELS, 'completed', { action: WAVE_ACTION_LABELS.pick, action_code: 'pick' }),
  status('NOTIFICATION_STATUS_CONFLICT', NOTIFICATION_STATUS_LABELS, 'announced', { action: NOTIFICATION_ACTION_LABELS.receive, action_code: 'receive' }),
  status('WAVE_ORDER_NOT_ELIGIBLE', ORDER_STATUS_LABELS, 'shipped'),
  status('RETURN_ORDER_NOT_SHIPPED', ORDER_STATUS_LABELS, 'picking'),
  status('ITEM_DISCREPANCY_NOT_PACKING', ORDER_STATUS_LABELS, 'confirmed'),
  status('RETURN_WRONG_STATUS', RETURN_STATUS_LABELS, 'completed'),
  status('STOCKTAKE_NOT_COUNTING', STOCKTAKE_STATUS_LABELS, 'booked'),
  status('STOCKTAKE_NOT_COUNTING', STOCKTAKE_STATUS_LABELS, 'cancelled'),
  status('PALLET_NOT_AVAILABLE', PALLET_STATUS_LABELS, 'in_use'),
  status('PALLET_NOT_AVAILABLE', PALLET_INACTIVE_LABELS, 'inactive'),
  status('DISPOSABLE_PALLET_NOT_AVAILABLE', DISPOSABLE_PALLET_STATUS_LABELS, 'used'),
  status('PACKING_PALLET_NOT_READY', PALLET_STATUS_LABELS, 'in_use'),
  status('PACKING_PALLET_NOT_READY', WAVE_STATUS_LABELS, 'picking'),
  ...[
    { kind: 'weight', weight_kg: 612.4 } as const,
    { kind: 'volume', volume_percent: 111.1 } as const,
    { kind: 'heavy', order_number: 'A-9', weight_kg: 120 } as const,
  ].map((p) => ({
    name: `WAVE_OVER_CAPACITY ${p.kind}`,
    code: 'WAVE_OVER_CAPACITY' as const,
    params: { reason: capacityText(p), ...p },
    german: [capacityText(p)],
  })),
  ...(Object.keys(CART_ASSIGNMENT_REASONS) as (keyof typeof CART_ASSIGNMENT_REASONS)[]).map((k) => ({
    name: `CART_ASSIGNMENT_INVALID ${k}`,
    code: 'CART_ASSIGNMENT_INVALID' as const,
    params: reasonParams(CART_ASSIGNMENT_REASONS, k),
    german: [CART_ASSIGNMENT_REASONS[k]],
  })),
  ...(Object.keys(CONFLICT_REASONS) as (keyof typeof CONFLICT_REASONS)[]).map((k) => ({
    name: `CONFLICT ${k}`,
    code: 'CONFLICT' as const,
    params: reasonParams(CONFLICT_REASONS, k),
    german: [CONFLICT_REASONS[k]],
  })),
  ...(['gtin_check_digit', 'characters', 'too_short'] as const).map((problem) => ({
    name: `INVALID_EAN ${problem}`,
    code: 'INVALID_EAN' as const,
    params: { ean: '123', reason: PRODUCT_CODE_PROBLEM_TEXT[problem], problem },
    german: [PRODUCT_CODE_PROBLEM_TEXT[problem]],
  })),
  ...[
    { reason: ITEM_DISCREPANCY_REASONS.inOrder('4006381333931'), reason_code: 'inOrder' },
    { reason: ITEM_DISCREPANCY_REASONS.notInOrder('4006381333931'), reason_code: 'notInOrder' },
    { reason: ITEM_DISCREPANCY_REASONS.notOver('4006381333931', 2, 3), reason_code: 'notOver', scanned: 2, picked: 3 },
  ].map((p) => ({
    name: `ITEM_DISCREPANCY_CONTRADICTS ${p.reason_code}`,
    code: 'ITEM_DISCREPANCY_CONTRADICTS' as const,
    params: { number: 'X-7', kind: 'over_picked', ean: '4006381333931', ...p },
    german: [p.reason],
  })),
  zodCase('a text for a number', z.object({ quantity: z.number() }), { quantity: 'drei' }, 'Menge'),
  zodCase('missing', z.object({ location_barcode: z.string() }), {}, 'Lagerplatz-Barcode'),
  zodCase(
    'too small, in a list',
    z.object({ items: z.array(z.object({ scanned_quantity: z.number().min(1) })) }),
    { items: [{ scanned_quantity: 1 }, { scanned_quantity: 0 }] },
    'Gescannte Menge (Position 2)',
  ),
  zodCase('not one of', z.object({ disposition: z.enum(['restock', 'dispose']) }), { disposition: 'weg' }, 'Verbleib'),
  zodCase('too long', z.object({ note: z.string().max(5) }), { note: 'viel zu lang' }, 'Notiz'),
  zodCase('whole number', z.object({ missing_quantity: z.number().int() }), { missing_quantity: 1.5 }, 'Fehlmenge'),
  zodCase('a reason the schema words', z.object({ quantity: z.number().min(1, VALIDATION.quantityAtLeastOne) }), { quantity: 0 }, 'Menge'),
  {
    name: 'VALIDATION a NUL',
    code: 'VALIDATION',
    params: nulRejection({ batch_number: 'a\u0000b' })?.params ?? {},
    german: ['Chargennummer', ZOD_REASONS.controlCharacter],
  },
];

describe('refusals rendered from codes', () => {
  it('German shows the words the server sent, exactly as its detail', () => {
    for (const c of CASES) {
      const german = errorText(c.code, c.params);
      for (const word of c.german) expect(german, c.name).toContain(word);
    }
  });

  it.each(['en', 'pl', 'uk'] as const)('%s: every converted code reads without a German word', (language) => {
    setLanguage(language);
    for (const c of CASES) {
      const text = errorText(c.code, c.params);
      for (const word of c.german) expect(text, `${c.name}: ${text}`).not.toContain(word);
      expect(text, c.name).not.toMatch(/\{\w+\}/);
    }
  });

  it('English words the status, action, reason and field from their codes', () => {
    setLanguage('en');
    const shipped = CASES[0];
    expect(errorText(shipped.code, shipped.params)).toBe('Order X-7 has status “Shipped” – cancelling is not possible');
    const weight = CASES.find((c) => c.name === 'WAVE_OVER_CAPACITY weight');
    expect(errorText('WAVE_OVER_CAPACITY', weight?.params)).toBe('The selection weighs 612.4 kg; a pallet carries at most 500 kg.');
    const list = CASES.find((c) => c.name === 'VALIDATION too small, in a list');
    expect(errorText('VALIDATION', list?.params)).toBe('Invalid input: Scanned quantity (line 2) – must be at least 1');
    const conflict = reasonParams(CONFLICT_REASONS, 'stale');
    expect(errorText('CONFLICT', conflict)).toBe('Conflict: The data does not match the current state');
  });

  it('an old stored rejection (no codes) or a code this app does not know keeps the German word', () => {
    setLanguage('en');
    const old = { number: 'X-7', status: ORDER_STATUS_LABELS.shipped, action: ORDER_ACTION_LABELS.cancel };
    expect(errorText('ORDER_STATUS_CONFLICT', old)).toBe('Order X-7 has status “Versendet” – Stornieren is not possible');
    const newer = { ...old, status_code: 'archived', action_code: 'archive' };
    expect(errorText('ORDER_STATUS_CONFLICT', newer)).toBe('Order X-7 has status “Versendet” – Stornieren is not possible');
    const ownWording = { field: 'Menge', path: 'quantity', reason: 'Bitte Menge eingeben' };
    expect(errorText('VALIDATION', ownWording)).toBe('Invalid input: Quantity – Bitte Menge eingeben');
    const otherField = { field: 'Firmenname', path: 'company_name', reason: ZOD_REASONS.missing, ...zodReasonCode(ZOD_REASONS.missing) };
    expect(errorText('VALIDATION', otherField)).toBe('Invalid input: Firmenname – is missing');
  });
});

describe('online validation refusals (detail "field: reason")', () => {
  it('read in the language in use from their codes; German keeps the detail as sent', () => {
    const list = CASES.find((c) => c.name === 'VALIDATION too small, in a list');
    const params = list?.params ?? {};
    const detail = `${params.field}: ${params.reason}`;
    expect(refusalText('VALIDATION', params, detail)).toBe(detail);
    setLanguage('en');
    expect(refusalText('VALIDATION', params, detail)).toBe('Invalid input: Scanned quantity (line 2) – must be at least 1');
    // Another detail (a handler's own wording) stays as the server sent it.
    expect(refusalText('VALIDATION', params, 'Etwas anderes')).toBe('Etwas anderes');
  });
});

describe('zodReasonCode', () => {
  const SAMPLE: Record<string, string> = { n: '5', value: '„ja“', values: '„a“, „b“', keys: '„x“' };
  const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_m, k: string) => SAMPLE[k]);
  const templates = Object.entries(ZOD_REASONS).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : Object.entries(v).map(([t, s]) => [`${k}.${t}`, s])));

  it('finds the code and slot values of every German reason', () => {
    for (const [key, template] of templates) {
      const found = zodReasonCode(fill(template));
      expect(found, key).not.toBeNull();
      const [head, tail] = (found?.reason_code ?? '').split('.');
      const back = tail ? (ZOD_REASONS as unknown as Record<string, Record<string, string>>)[head][tail] : (ZOD_REASONS as Record<string, unknown>)[head];
      expect(back, key).toBe(template);
      expect(fill(String(back)).replace(/\{(\w+)\}/g, (_m, k: string) => found?.reason_params[k] ?? '')).toBe(fill(template));
    }
  });

  it('gives no code for the wording of a schema itself', () => {
    expect(zodReasonCode('Bitte Menge eingeben')).toBeNull();
    expect(zodReasonCode('muss vorhanden sein')).toBeNull();
  });
});
