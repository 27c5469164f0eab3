import { formatMessage } from '../format';
import { DEFAULT_LANGUAGE } from '../languages';
import { currentLanguage, texts } from '../translate';
import { type ErrorCode, errorCatalogue } from './catalogue';
import { DEVICE_ERROR_WORDS, DEVICE_ERRORS, isDeviceErrorCode } from './device';
import { displayParams } from './display';

export type { ErrorEntry } from './types';
export { type ErrorCode, errorCatalogue } from './catalogue';
export { DEVICE_ERROR_CODES, type DeviceErrorCode } from './device';

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

export function errorStatus(code: string): number {
  return isErrorCode(code) ? errorCatalogue[code].status : 500;
}

/**
 * The text for a code: in the language in use for the codes a handheld shows
 * (./device.ts, their params' words from the codes beside them: ./display.ts),
 * German for the rest and always on the server, which never switches language. Unknown codes fall back to the given text or a generic one.
 */
export function errorText(code: string, params: Record<string, unknown> = {}, fallback?: string): string {
  if (isDeviceErrorCode(code)) return formatMessage(texts(DEVICE_ERRORS)[code], displayParams(code, params));
  if (isErrorCode(code)) return formatMessage(errorCatalogue[code].de, params);
  return fallback ?? texts(DEVICE_ERROR_WORDS).unknown;
}

/**
 * A server refusal in the language in use (client/app/api.ts): when the German
 * `detail` is the catalogue's text of a device code (its words around the
 * {params}: the numbers in it are formatted de-DE, the device's may not be), the
 * translation of that text with the params; otherwise the detail as the server sent it.
 */
export function refusalText(code: string, params: Record<string, unknown>, detail: string): string {
  if (isOnlineValidation(code, params, detail)) return currentLanguage() === DEFAULT_LANGUAGE ? detail : errorText(code, params);
  if (!isDeviceErrorCode(code) || !wordsOf(DEVICE_ERRORS[code]).test(detail)) return detail;
  return formatMessage(texts(DEVICE_ERRORS)[code], displayParams(code, params));
}

/**
 * A 400 of the API's validation (server/http-errors.ts: detail "field: reason") that carries the codes
 * of its words (path, reason_code); without them the detail is shown as sent.
 */
function isOnlineValidation(code: string, params: Record<string, unknown>, detail: string): boolean {
  if (code !== 'VALIDATION' || typeof params.field !== 'string' || typeof params.reason !== 'string') return false;
  return detail === `${params.field}: ${params.reason}` && (typeof params.path === 'string' || typeof params.reason_code === 'string');
}

/** A template's fixed words with anything in place of its {params}. */
function wordsOf(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
}
