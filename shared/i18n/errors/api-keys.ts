import type { ErrorEntry } from './types';

/** Error codes of API keys (docs/operations.md "API keys"). */
export const apiKeyErrors = {
  /** A key that is unknown, revoked, or whose customer is deactivated. */
  API_KEY_INVALID: { status: 401, de: 'API-Schlüssel ungültig oder widerrufen' },
  API_KEY_NOT_FOUND: { status: 404, de: 'API-Schlüssel nicht gefunden' },
  /** Routes of the signed-in person's own account or device (profile, password, device sync). */
  API_KEY_NOT_ALLOWED: { status: 403, de: 'Mit einem API-Schlüssel nicht möglich – bitte als Benutzer anmelden' },
  /** params: limit (requests per minute), seconds (until the next window) */
  API_KEY_RATE_LIMITED: {
    status: 429,
    de: 'Zu viele Anfragen mit diesem API-Schlüssel (höchstens {limit} pro Minute). Bitte in {seconds} Sekunden erneut versuchen.',
  },
} satisfies Record<string, ErrorEntry>;
