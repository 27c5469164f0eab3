import type { ErrorEntry } from './types';
import { VALIDATION } from '../validation';

/** Platform-wide error codes (auth, validation, generic). */
export const coreErrors = {
  VALIDATION: { status: 400, de: 'Ungültige Eingabe: {field} – {reason}' },
  BAD_REQUEST: { status: 400, de: 'Ungültige Anfrage' },
  NOT_AUTHENTICATED: { status: 401, de: 'Nicht angemeldet' },
  TOKEN_EXPIRED: { status: 401, de: 'Sitzung abgelaufen – bitte erneut anmelden' },
  /** The password was changed or reset after this token was issued. */
  SESSION_REVOKED: { status: 401, de: 'Sitzung beendet, weil das Passwort geändert wurde – bitte erneut anmelden' },
  INVALID_CREDENTIALS: { status: 401, de: 'E-Mail oder Passwort ist falsch' },
  INVALID_QR_TOKEN: { status: 401, de: 'QR-Code ungültig' },
  USER_INACTIVE: { status: 401, de: 'Benutzer ist deaktiviert' },
  CUSTOMER_ACCOUNT_INACTIVE: { status: 401, de: 'Das Kundenkonto ist deaktiviert' },
  FORBIDDEN: { status: 403, de: 'Keine Berechtigung für diese Aktion' },
  NOT_FOUND: { status: 404, de: 'Nicht gefunden' },
  ROUTE_NOT_FOUND: { status: 404, de: 'Unbekannte Adresse: {path}' },
  CONFLICT: { status: 409, de: 'Konflikt: {reason}' },
  TOO_MANY_ATTEMPTS: { status: 429, de: 'Zu viele Anmeldeversuche. Bitte in {minutes} Minuten erneut versuchen.' },
  /** Per-account slowdown after repeated failures from any address (a delay, never a lock). params: seconds */
  LOGIN_DELAYED: { status: 429, de: 'Zu viele fehlgeschlagene Anmeldungen für dieses Konto. Bitte in {seconds} Sekunden erneut versuchen.' },
  PAYLOAD_TOO_LARGE: { status: 413, de: 'Anfrage ist zu groß' },
  // What the HTTP layer refuses before a route runs (Fastify's and Node's own errors, in German).
  BAD_URL: { status: 400, de: 'Die Adresse enthält ungültige Zeichen: {path}' },
  URI_TOO_LONG: { status: 414, de: 'Die Adresse ist zu lang' },
  HEADERS_TOO_LARGE: { status: 431, de: 'Die Kopfzeilen der Anfrage sind zu groß' },
  REQUEST_TIMEOUT: { status: 408, de: 'Die Anfrage kam nicht rechtzeitig an – bitte erneut senden' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, de: 'Nicht unterstütztes Format {type} – bitte JSON senden' },
  INVALID_JSON: { status: 400, de: 'Der Inhalt der Anfrage ist kein gültiges JSON' },
  EMPTY_BODY: { status: 400, de: 'Die Anfrage ist leer, obwohl JSON angekündigt ist' },
  SERVICE_UNAVAILABLE: { status: 503, de: 'Dienst vorübergehend nicht verfügbar – bitte erneut versuchen' },
  INTERNAL: { status: 500, de: 'Interner Fehler' },
  /** The client could not read an answer with the route's schema (app and server out of step). params: path */
  INVALID_RESPONSE: { status: 502, de: 'Unerwartete Antwort vom Server – bitte die Seite neu laden' },
  // users / customers / profile
  OLD_PASSWORD_WRONG: { status: 400, de: 'Altes Passwort ist falsch' },
  /** Changing the login e-mail needs the current password (a borrowed session must not take over the account). */
  CURRENT_PASSWORD_REQUIRED: { status: 400, de: 'Zum Ändern der E-Mail-Adresse bitte das aktuelle Passwort eingeben' },
  CURRENT_PASSWORD_WRONG: { status: 400, de: 'Aktuelles Passwort ist falsch' },
  PASSWORD_TOO_SHORT: { status: 400, de: VALIDATION.passwordTooShort },
  EMAIL_TAKEN: { status: 409, de: 'E-Mail-Adresse {email} wird bereits verwendet' },
  USERNAME_TAKEN: { status: 409, de: 'Benutzername {username} ist bereits vergeben' },
  USER_NOT_FOUND: { status: 404, de: 'Benutzer nicht gefunden' },
  CUSTOMER_REQUIRED: { status: 400, de: VALIDATION.customerForCustomerUser },
  PASSWORD_REQUIRED: { status: 400, de: VALIDATION.passwordRequired },
  USERNAME_IMMUTABLE: { status: 400, de: 'Der Benutzername kann nach dem Anlegen nicht geändert werden' },
  CUSTOMER_NOT_FOUND: { status: 404, de: 'Kunde nicht gefunden' },
  CUSTOMER_INACTIVE: { status: 409, de: 'Kunde {name} ist deaktiviert' },
  CUSTOMER_NUMBER_TAKEN: { status: 409, de: 'Kundennummer {customer_number} ist bereits vergeben' },
  CANNOT_DEACTIVATE_SELF: { status: 409, de: 'Sie können sich nicht selbst deaktivieren' },
  CANNOT_DEMOTE_SELF: { status: 409, de: 'Sie können sich nicht selbst die Administratorrechte entziehen' },
  ACCESS_NOT_FOR_CUSTOMER_USERS: { status: 400, de: 'Kundenbenutzer sehen immer nur ihren eigenen Kunden – eine Zugriffsliste ist nicht möglich' },
  WORK_ROOM_NOT_FOUND: { status: 400, de: 'Arbeitsbereich: Raum {id} gibt es nicht' },
} satisfies Record<string, ErrorEntry>;
