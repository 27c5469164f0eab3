import type { ErrorEntry } from './types';

/** Error codes of billing (docs/operations.md "Billing (Abrechnung)"). */
export const billingErrors = {
  /** params: date (YYYY-MM-DD) */
  BILLING_DAY_NOT_OVER: {
    status: 400,
    de: 'Der Tag {date} ist noch nicht vorbei – der Lagerbestand wird nur für vergangene Tage festgehalten',
  },
  /** params: id */
  INVOICE_NOT_FOUND: { status: 404, de: 'Rechnung nicht gefunden' },
  /** params: from, to, today */
  INVOICE_PERIOD_FUTURE: { status: 400, de: 'Der Zeitraum {from} bis {to} liegt in der Zukunft – abgerechnet wird nur bis heute ({today})' },
  /** params: number */
  INVOICE_NOT_DRAFT: { status: 409, de: 'Rechnung {number} ist festgeschrieben und kann nicht mehr geändert oder gelöscht werden' },
  /** params: id */
  INVOICE_NOT_FINAL: { status: 409, de: 'Rechnung {id} ist ein Entwurf – die XRechnung gibt es erst nach dem Festschreiben' },
  /** params: id */
  INVOICE_NOT_CANCELLABLE: {
    status: 409,
    de: 'Rechnung {id} kann nicht storniert werden: nur eine festgeschriebene, noch nicht stornierte Rechnung (kein Entwurf, keine Stornorechnung)',
  },
  /** params: id */
  INVOICE_EMPTY: { status: 409, de: 'Die Rechnung hat keine Positionen – ohne Preise oder Leistungen im Zeitraum gibt es nichts festzuschreiben' },
  /** params: number, from, to */
  INVOICE_PERIOD_OVERLAP: {
    status: 409,
    de: 'Der Zeitraum überschneidet sich mit Rechnung {number} ({from} bis {to}) – erst nach deren Stornierung kann er erneut abgerechnet werden',
  },
  /** params: missing (the German names of what is missing) */
  INVOICE_XML_INCOMPLETE: { status: 409, de: 'Für die XRechnung fehlt: {missing}' },
} satisfies Record<string, ErrorEntry>;
