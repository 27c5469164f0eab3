import type { ErrorEntry } from './types';

/** Error codes of billing (docs/operations.md "Billing (Abrechnung)"). */
export const billingErrors = {
  /** params: date (YYYY-MM-DD) */
  BILLING_DAY_NOT_OVER: {
    status: 400,
    de: 'Der Tag {date} ist noch nicht vorbei – der Lagerbestand wird nur für vergangene Tage festgehalten',
  },
} satisfies Record<string, ErrorEntry>;
