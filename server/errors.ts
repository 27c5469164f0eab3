import { type ErrorCode, errorStatus, errorText } from '../shared/i18n/errors/index';

/**
 * The one error type of the API. The route layer turns it into
 * { detail: <German text>, code, params } with the status from the catalogue.
 * Sync apply turns it into a rejected mutation with the same code and params.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, unknown>;
  readonly status: number;

  constructor(code: ErrorCode, params: Record<string, unknown> = {}) {
    super(errorText(code, params));
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.status = errorStatus(code);
  }

  toBody(): { detail: string; code: string; params: Record<string, unknown> } {
    return { detail: this.message, code: this.code, params: this.params };
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** PostgreSQL error codes that mean "the client sent something that conflicts". */
export function pgErrorCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string') {
    return (e as { code: string }).code;
  }
  return undefined;
}
