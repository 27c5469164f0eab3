import type { ErrorEntry } from './types';

/** Error codes of webhooks (docs/integrations.md "Webhooks"). */
export const webhookErrors = {
  WEBHOOK_NOT_FOUND: { status: 404, de: 'Webhook nicht gefunden' },
  /** params: url */
  WEBHOOK_URL_INVALID: { status: 400, de: 'Die URL „{url}“ ist keine gültige Webhook-Adresse (http(s), ohne Benutzerdaten)' },
  /** params: url */
  WEBHOOK_URL_NOT_HTTPS: { status: 400, de: 'Webhooks brauchen eine https-Adresse: „{url}“' },
  /** params: host, address */
  WEBHOOK_URL_PRIVATE: {
    status: 400,
    de: 'Die Adresse {host} ({address}) ist nicht öffentlich erreichbar – Webhooks gehen nur an öffentliche Adressen',
  },
  /** params: host */
  WEBHOOK_URL_UNRESOLVABLE: { status: 400, de: 'Der Rechnername {host} lässt sich nicht auflösen' },
} satisfies Record<string, ErrorEntry>;
