import { formatMessage } from '../format';
import { coreErrors } from './core';
import { inboundErrors } from './inbound';
import { masterdataErrors } from './masterdata';
import { ordersErrors } from './orders';
import { freightErrors } from './freight';
import { packingErrors } from './packing';
import { palletErrors } from './pallets';
import { stockErrors } from './stock';
import { syncErrors } from './sync';
import { pickingErrors } from './picking';
import { relocationErrors } from './relocation';
import { stocktakeErrors } from './stocktakes';
import { returnErrors } from './returns';
import { adjustmentErrors } from './adjustment';
import { apiKeyErrors } from './api-keys';
import { waveErrors } from './waves';
import { billingErrors } from './billing';
import { orderImportErrors } from './order-import';
import { webhookErrors } from './webhooks';
import type { ErrorEntry } from './types';

export type { ErrorEntry } from './types';

/**
 * One catalogue of stable error codes -> HTTP status + German text.
 * The server answers { detail, code, params }; a device renders a sync rejection
 * from code + params with the same words.
 */
export const errorCatalogue = {
  ...coreErrors,
  ...stockErrors,
  ...syncErrors,
  ...masterdataErrors,
  ...inboundErrors,
  ...ordersErrors,
  ...palletErrors,
  ...waveErrors,
  ...pickingErrors,
  ...packingErrors,
  ...freightErrors,
  ...relocationErrors,
  ...stocktakeErrors,
  ...returnErrors,
  ...adjustmentErrors,
  ...billingErrors,
  ...apiKeyErrors,
  ...orderImportErrors,
  ...webhookErrors,
} satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

export function errorStatus(code: string): number {
  return isErrorCode(code) ? errorCatalogue[code].status : 500;
}

/** German text for a code; unknown codes fall back to the given text or a generic one. */
export function errorText(code: string, params: Record<string, unknown> = {}, fallback?: string): string {
  if (isErrorCode(code)) return formatMessage(errorCatalogue[code].de, params);
  return fallback ?? 'Unbekannter Fehler';
}
