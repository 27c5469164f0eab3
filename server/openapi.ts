import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AccessLevel } from '../shared/domain/roles';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Who may call a route, in the words an integrator needs. */
const ACCESS_TEXT: Record<AccessLevel, string> = {
  public: 'Öffentlich (ohne Anmeldung).',
  user: 'Jeder angemeldete Benutzer; Kundenbenutzer sehen nur Daten ihres Kunden.',
  warehouse: 'Lagerpersonal (Administrator, Lagerleiter, Lagermitarbeiter), im Rahmen des freigegebenen Kundenzugriffs.',
  manager: 'Administratoren und Lagerleiter, im Rahmen des freigegebenen Kundenzugriffs.',
  admin: 'Nur Administratoren.',
};

const DESCRIPTION = `Schnittstelle von Lagerwerk (Lagerverwaltung und Fulfilment).

**Anmelden:** \`POST /api/auth/login-password\` mit \`{"email", "password"}\` liefert \`access_token\`;
jede weitere Anfrage sendet \`Authorization: Bearer <access_token>\` (12 Stunden gültig).
Ein Shopsystem legt Aufträge über \`POST /api/outbound-orders/\` an, am besten mit einem **API-Schlüssel**
des Kunden (Kundenportal → API-Schlüssel): \`Authorization: Bearer lw_…\` oder \`X-API-Key: lw_…\`. Ein Schlüssel
handelt wie ein Kundenbenutzer dieses Kunden (Aufträge, Avisierungen, Retouren, Bestand), ist bis zum Widerrufen gültig
und darf höchstens \`API_KEY_RATE_PER_MINUTE\` Anfragen pro Minute stellen (sonst 429 mit \`Retry-After\`).

**Fehler:** jede Antwort ab 400 ist \`{"detail": "<deutscher Text>", "code": "<stabiler Code>", "params": {…}}\`;
auswerten sollte ein Programm \`code\`, anzeigen darf es \`detail\`.

**Wiederholungen:** schreibende Anfragen dürfen einen Kopf \`Idempotency-Key\` tragen; dieselbe Anfrage
mit demselben Schlüssel wird nur einmal ausgeführt und liefert die erste Antwort erneut.`;

/** Tag of a route: its first path segment after /api ("outbound-orders"). */
function tagOf(url: string): string {
  return url.replace(/^\/api\/?/, '').split('/')[0] || 'api';
}

/** A login's JWT, or a customer's API key in either header (docs/operations.md "API keys"). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  apiKeyBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'lw_…', description: 'API-Schlüssel eines Kunden' },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API-Schlüssel eines Kunden' },
} as const;

/** An API key acts as a customer user: it opens the `user` routes, except those of one's own account and device. */
export function securityOf(access: AccessLevel, apiKeys: false | undefined): Array<Record<string, []>> {
  if (access === 'public') return [];
  if (access !== 'user' || apiKeys === false) return [{ bearer: [] }];
  return [{ bearer: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }];
}

/**
 * OpenAPI 3.1 from the routes' own zod schemas (fastify-type-provider-zod's transform),
 * served at /api/openapi.json, with Swagger UI at /api/docs. Register before the routes:
 * @fastify/swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [`${DOCS_PREFIX}/*`] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Lagerwerk API', version: '1', description: DESCRIPTION },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const out = zodTransform(input);
      const access = input.route.config?.access;
      if (!access) return out;
      const schema = out.schema as Record<string, unknown>;
      return {
        url: out.url,
        schema: {
          ...schema,
          tags: [tagOf(out.url)],
          description: [schema.description, `Zugriff: ${ACCESS_TEXT[access]}`].filter(Boolean).join('\n\n'),
          security: securityOf(access, input.route.config?.apiKeys),
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  // The docs page loads only its own files (script-src 'self'); the helmet CSP stays as it is.
  // Over 100 operations Swagger UI draws only the ones in view (it virtualizes the list); the
  // filter box finds a tag without scrolling.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, filter: true },
    theme: { title: 'Lagerwerk API' },
  });
}

/** The generated document, once (the routes do not change after start). */
export function openApiRoute(app: FastifyInstance): void {
  let doc: unknown;
  const schema = { summary: 'Dieses OpenAPI-3.1-Dokument', description: `Die Oberfläche dazu: ${DOCS_PREFIX}` };
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema }, async () => {
    doc ??= app.swagger();
    return doc;
  });
}
