import { NOTIFICATION_ACTION_LABELS, NOTIFICATION_STATUS_LABELS } from '../../domain/notification-status';
import { ORDER_ACTION_LABELS, ORDER_STATUS_LABELS } from '../../domain/order-status';
import { DISPOSABLE_PALLET_STATUS_LABELS, PALLET_STATUS_LABELS } from '../../domain/pallets';
import { RETURN_STATUS_LABELS } from '../../domain/returns';
import { WAVE_ACTION_LABELS, WAVE_STATUS_LABELS } from '../../domain/wave-status';
import { STOCKTAKE_STATUS_LABELS } from '../../constants';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../products';
import { DEVICE_FIELD_WORDS } from '../fields';
import { formatMessage, formatNumber } from '../format';
import { DEFAULT_LANGUAGE } from '../languages';
import { currentLanguage, texts } from '../translate';
import { ZOD_REASONS } from '../zod-reasons';
import type { DeviceErrorCode } from './device';
import {
  CAPACITY_LIMITS,
  CAPACITY_REASONS,
  CART_ASSIGNMENT_REASONS,
  CONFLICT_REASONS,
  DEVICE_FIELD_LABELS,
  ITEM_DISCREPANCY_REASONS,
  PALLET_INACTIVE_LABELS,
  SCHEMA_REASONS,
} from './refusal-words';

/**
 * A device refusal's params as a handheld shows them (docs/architecture.md
 * "Languages"): the server puts codes beside the German words its detail
 * needs (status_code, action_code, reason_code, path, kind, problem); here the
 * words of those codes are taken in the language in use. A param without a
 * code, or a code this app does not know (an old stored rejection, a newer
 * server), keeps the German word the server sent. In German the params are
 * shown as sent.
 */

type Words = { readonly [key: string]: string };

/** The status words per code; several maps when the status may be of either (pallet or wave statuses do not overlap). */
const STATUS_WORDS: Partial<Record<DeviceErrorCode, readonly Words[]>> = {
  ORDER_STATUS_CONFLICT: [ORDER_STATUS_LABELS],
  WAVE_ORDER_NOT_ELIGIBLE: [ORDER_STATUS_LABELS],
  RETURN_ORDER_NOT_SHIPPED: [ORDER_STATUS_LABELS],
  ITEM_DISCREPANCY_NOT_PACKING: [ORDER_STATUS_LABELS],
  WAVE_STATUS_CONFLICT: [WAVE_STATUS_LABELS],
  NOTIFICATION_STATUS_CONFLICT: [NOTIFICATION_STATUS_LABELS],
  RETURN_WRONG_STATUS: [RETURN_STATUS_LABELS],
  STOCKTAKE_NOT_COUNTING: [STOCKTAKE_STATUS_LABELS],
  PALLET_NOT_AVAILABLE: [PALLET_STATUS_LABELS, PALLET_INACTIVE_LABELS],
  DISPOSABLE_PALLET_NOT_AVAILABLE: [DISPOSABLE_PALLET_STATUS_LABELS],
  PACKING_PALLET_NOT_READY: [PALLET_STATUS_LABELS, WAVE_STATUS_LABELS],
};

const ACTION_WORDS: Partial<Record<DeviceErrorCode, Words>> = {
  ORDER_STATUS_CONFLICT: ORDER_ACTION_LABELS,
  WAVE_STATUS_CONFLICT: WAVE_ACTION_LABELS,
  NOTIFICATION_STATUS_CONFLICT: NOTIFICATION_ACTION_LABELS,
};

const REASON_WORDS: Partial<Record<DeviceErrorCode, Words>> = {
  CART_ASSIGNMENT_INVALID: CART_ASSIGNMENT_REASONS,
  CONFLICT: CONFLICT_REASONS,
};

/** The word of `key` in a German catalogue, in the language in use; undefined for a key it lacks. */
function wordOf(catalogues: readonly Words[] | undefined, key: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  const german = catalogues?.find((c) => Object.hasOwn(c, key));
  return german ? texts(german)[key] : undefined;
}

const num = (v: unknown) => (typeof v === 'number' ? formatNumber(v, 1) : undefined);

/** WAVE_OVER_CAPACITY's sentence from the problem (kind and its numbers). */
function capacityReason(p: Record<string, unknown>): string | undefined {
  if (typeof p.kind !== 'string' || !Object.hasOwn(CAPACITY_REASONS, p.kind)) return undefined;
  const template = texts(CAPACITY_REASONS)[p.kind as keyof typeof CAPACITY_REASONS];
  return formatMessage(template, { ...CAPACITY_LIMITS, weight: num(p.weight_kg), volume: num(p.volume_percent), number: p.order_number });
}

/** VALIDATION's field from its path (the last name; a list position as the server numbers it). */
function fieldOf(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const parts = path.split('.').filter(Boolean);
  const names = parts.filter((p) => !/^\d+$/.test(p));
  const label = wordOf([DEVICE_FIELD_LABELS], names[names.length - 1]);
  if (!label) return undefined;
  const index = parts.find((p) => /^\d+$/.test(p));
  return index === undefined ? label : formatMessage(texts(DEVICE_FIELD_WORDS).position, { label, n: Number(index) + 1 });
}

/** VALIDATION's reason from its code in ZOD_REASONS ('missing', 'type.number') and the values of its slots. */
function zodReason(code: unknown, params: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const [head, tail] = code.split('.');
  if (head === 'schema') return wordOf([SCHEMA_REASONS], tail);
  const pick = (reasons: typeof ZOD_REASONS): unknown => {
    const v: unknown = (reasons as Record<string, unknown>)[head];
    return tail === undefined ? v : v && typeof v === 'object' ? (v as Record<string, unknown>)[tail] : undefined;
  };
  const german = pick(ZOD_REASONS);
  if (typeof german !== 'string') return undefined;
  const translated = pick(texts(ZOD_REASONS));
  return formatMessage(typeof translated === 'string' ? translated : german, (params ?? {}) as Record<string, unknown>);
}

type Discrepancy = keyof typeof ITEM_DISCREPANCY_REASONS;

/** ITEM_DISCREPANCY_CONTRADICTS's reason from its code and the numbers. */
function discrepancyReason(p: Record<string, unknown>): string | undefined {
  const code = p.reason_code;
  if (typeof code !== 'string' || !Object.hasOwn(ITEM_DISCREPANCY_REASONS, code) || typeof p.ean !== 'string') return undefined;
  const reasons = texts(ITEM_DISCREPANCY_REASONS);
  if (code === 'notOver') return reasons.notOver(p.ean, Number(p.scanned), Number(p.picked));
  return reasons[code as Exclude<Discrepancy, 'notOver'>](p.ean);
}

function reasonOf(code: DeviceErrorCode, p: Record<string, unknown>): string | undefined {
  if (code === 'WAVE_OVER_CAPACITY') return capacityReason(p);
  if (code === 'VALIDATION') return zodReason(p.reason_code, p.reason_params);
  if (code === 'INVALID_EAN') return wordOf([PRODUCT_CODE_PROBLEM_TEXT], p.problem);
  if (code === 'ITEM_DISCREPANCY_CONTRADICTS') return discrepancyReason(p);
  return wordOf(REASON_WORDS[code] ? [REASON_WORDS[code]] : undefined, p.reason_code);
}

/** The params of a device refusal with its words in the language in use. */
export function displayParams(code: DeviceErrorCode, params: Record<string, unknown>): Record<string, unknown> {
  // German is what the server wrote: its detail stays exactly as sent.
  if (currentLanguage() === DEFAULT_LANGUAGE) return params;
  const shown = {
    status: wordOf(STATUS_WORDS[code], params.status_code),
    action: wordOf(ACTION_WORDS[code] ? [ACTION_WORDS[code]] : undefined, params.action_code),
    reason: reasonOf(code, params),
    field: code === 'VALIDATION' ? fieldOf(params.path) : undefined,
  };
  const out = { ...params };
  for (const [k, v] of Object.entries(shown)) if (v !== undefined) out[k] = v;
  return out;
}
