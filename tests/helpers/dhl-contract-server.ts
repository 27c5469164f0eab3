import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ContractShipment as Shipment, labelPdf, labelZpl } from './dhl-contract-labels';
import { schemaErrors, shipmentOrderRequestValidator } from './dhl-openapi';

/**
 * A DHL-shaped contract server for Parcel DE Shipping v2 (docs/testing.md "DHL contract tests"):
 * real HTTP on 127.0.0.1, random port, like tests/helpers/keepa-fake.ts.
 * POST {url}/orders checks the `dhl-api-key` header, HTTP Basic, the query
 * (includeDocs=include, docFormat=PDF or ZPL2) and the body against DHL's OpenAPI
 * schema (400 with `propertyPath` items like DHL's schema errors), then
 * answers in the shapes of DHL's SDK fixtures (tests/fixtures/dhl/createshipment):
 * 200 for one shipment, 207 multi-status for several, each with a real
 * one-page PDF label, or with docFormat=ZPL2 a ZPL label as text in
 * `label.zpl2` (fileFormat ZPL2), as the OpenAPI `Document` describes it
 * ("base64 encoded for PDF, text for ZPL"). DELETE {url}/orders cancels.
 *
 * Address rules (so a screen test can reach the address-correction path
 * without switching modes): a consignee without addressHouse, or with a
 * house number ≥ 9000, gets DHL's "The house number entered could not be
 * found."; the city "Nirgendwo" gets "The city entered does not match the
 * postcode. The shipment is not codeable." Both as 400 (one shipment) or
 * 207 with failed items, nothing created.
 *
 * `mode` forces other answers: partial (207, first created, rest failed),
 * rate_limited (429), server_error (500), hang (no answer), unauthorized,
 * unreadable_label (created, but the label is no PDF / no ZPL).
 */
export { labelPdf, labelZpl } from './dhl-contract-labels';
export type DhlContractMode = 'ok' | 'partial' | 'rate_limited' | 'server_error' | 'hang' | 'unauthorized' | 'unreadable_label';

export const DHL_TEST_CREDENTIALS = { apiKey: 'lagerwerk-test-api-key', user: 'user-valid', password: 'SandboxPasswort2023!' } as const;
export const DHL_BASE_PATH = '/parcel/de/shipping/v2';

/**
 * Einstellungen → Versand as the contract server accepts them (sandbox test
 * billing numbers of DHL's SDK and API examples). As a body for POST /api/settings/batch:
 * Object.entries(DHL_TEST_SETTINGS).map(([key, value]) => ({ key, value })).
 */
export const DHL_TEST_SETTINGS: Record<string, string> = {
  dhl_api_key: DHL_TEST_CREDENTIALS.apiKey,
  dhl_api_user: DHL_TEST_CREDENTIALS.user,
  dhl_api_password: DHL_TEST_CREDENTIALS.password,
  dhl_billing_number: '33333333330102',
  dhl_billing_number_international: '33333333335301',
  dhl_shipper_name: 'Lagerwerk Fulfillment GmbH',
  dhl_shipper_street: 'Industriestraße 12',
  dhl_shipper_postal_code: '04109',
  dhl_shipper_city: 'Leipzig',
  dhl_shipper_country: 'DEU',
  dhl_shipper_email: 'versand@lagerwerk.test',
};

export interface DhlContractRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  apiKey: string | null;
  basic: { user: string; password: string } | null;
  body: unknown;
  /** null when the body matched DHL's OpenAPI schema. */
  schemaErrors: Array<{ propertyPath: string; message: string }> | null;
}

export interface DhlContractServer {
  /** Base up to /parcel/de/shipping/v2 (what DHL_API_BASE_URL takes). */
  url: string;
  mode: DhlContractMode;
  requests: DhlContractRequest[];
  created: string[];
  cancelled: string[];
  close(): Promise<void>;
}

const FIXTURES = new URL('../fixtures/dhl/createshipment/', import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
const HOUSE_NOT_FOUND = fixture('singleShipmentValidationError.json').items[0].validationMessages.find((m: { property: string }) => m.property === 'shipper')
  .validationMessage as string;
const CITY_MISMATCH = fixture('multiShipmentPartialSuccess.json').items[1].validationMessages.find((m: { property: string }) => m.property === 'consignee')
  .validationMessage as string;

/** DHL's validation messages for a consignee, per the rules above. */
export function consigneeProblems(s: Shipment): string[] {
  const c = s.consignee ?? {};
  const out: string[] = [];
  const house = Number.parseInt(c.addressHouse ?? '', 10);
  if (!c.addressHouse || (Number.isFinite(house) && house >= 9000)) out.push(HOUSE_NOT_FOUND);
  if ((c.city ?? '').trim().toLowerCase() === 'nirgendwo') out.push(CITY_MISMATCH);
  return out;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parseBasic(h: string | undefined): { user: string; password: string } | null {
  const m = /^Basic (.+)$/i.exec(h ?? '');
  if (!m?.[1]) return null;
  const [user, ...rest] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
  return { user: user ?? '', password: rest.join(':') };
}

export async function startDhlContractServer(
  credentials: { apiKey: string; user: string; password: string } = DHL_TEST_CREDENTIALS,
  port = 0,
): Promise<DhlContractServer> {
  const hanging = new Set<ServerResponse>();
  let counter = 0;
  const nextNo = () => `00340434161094${String(++counter).padStart(6, '0')}${String(Date.now() % 100000).padStart(5, '0')}`;
  const srv: DhlContractServer = {
    url: '',
    mode: 'ok',
    requests: [],
    created: [],
    cancelled: [],
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const failedItem = (messages: string[]) => ({
    sstatus: { title: 'Bad Request', statusCode: 400 },
    validationMessages: messages.map((m) => ({ property: 'consignee', validationMessage: m, validationState: 'Error' })),
  });
  const createdItem = async (s: Shipment, docFormat: string) => {
    const shipmentNo = nextNo();
    srv.created.push(shipmentNo);
    const bad = srv.mode === 'unreadable_label';
    const label =
      docFormat === 'ZPL2'
        ? { zpl2: bad ? 'kein ZPL' : labelZpl(shipmentNo, s), fileFormat: 'ZPL2' }
        : { b64: bad ? Buffer.from('kein PDF').toString('base64') : await labelPdf(shipmentNo, s), fileFormat: 'PDF' };
    return { shipmentNo, sstatus: { title: 'OK', statusCode: 200 }, label: { ...label, printFormat: '910-300-400' } };
  };

  async function createOrders(req: IncomingMessage, res: ServerResponse, u: URL, rec: DhlContractRequest) {
    const docFormat = u.searchParams.get('docFormat') ?? 'PDF';
    if (u.searchParams.get('includeDocs') !== 'include' || !['PDF', 'ZPL2'].includes(docFormat)) {
      return send(res, 400, { status: { title: 'Bad Request', statusCode: 400, detail: 'includeDocs=include and docFormat=PDF|ZPL2 expected' } });
    }
    if (!String(req.headers['content-type'] ?? '').includes('application/json'))
      return send(res, 415, { status: { title: 'Unsupported Media Type', statusCode: 415 } });
    const validate = shipmentOrderRequestValidator();
    if (!validate(rec.body)) {
      rec.schemaErrors = schemaErrors(validate.errors);
      return send(res, 400, { ...fixture('singleShipmentSchemaError.json'), items: rec.schemaErrors });
    }
    rec.schemaErrors = null;
    const shipments = (rec.body as { shipments: Shipment[] }).shipments;
    const problems = shipments.map(consigneeProblems);
    if (srv.mode === 'partial' && shipments.length > 1) {
      const first = shipments[0] as Shipment;
      const items = [await createdItem(first, docFormat), ...shipments.slice(1).map(() => fixture('multiShipmentPartialSuccess.json').items[1])];
      return send(res, 207, { status: { title: 'Multi-Status', statusCode: 207, detail: `1 of ${shipments.length} shipments successfully created.` }, items });
    }
    if (problems.some((p) => p.length > 0)) {
      const items = problems.map((p) => failedItem(p.length > 0 ? p : ['Shipment not created because another shipment of the request failed.']));
      if (shipments.length === 1)
        return send(res, 400, { status: { title: 'Bad Request', statusCode: 400, detail: '0 of 1 shipment successfully created.' }, items });
      return send(res, 207, { status: { title: 'Multi-Status', statusCode: 207, detail: `0 of ${shipments.length} shipments successfully created.` }, items });
    }
    const items = [];
    for (const s of shipments) items.push(await createdItem(s, docFormat));
    const n = shipments.length;
    const template = fixture(n === 1 ? 'singleShipmentSuccess.json' : 'multiShipmentSuccess.json');
    return send(res, n === 1 ? 200 : 207, {
      status: { ...template.status, detail: `${n} of ${n} shipment${n === 1 ? '' : 's'} successfully created.` },
      items,
    });
  }

  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(u.searchParams.keys())) {
      const all = u.searchParams.getAll(k);
      query[k] = all.length > 1 ? all : (all[0] ?? '');
    }
    if (u.pathname === '/__contract/mode' && req.method === 'POST') {
      srv.mode = (body as { mode: DhlContractMode }).mode;
      return send(res, 200, { mode: srv.mode });
    }
    if (u.pathname === '/__contract/requests') return send(res, 200, { requests: srv.requests, created: srv.created, cancelled: srv.cancelled });
    const rec: DhlContractRequest = {
      method: req.method ?? '',
      path: u.pathname,
      query,
      apiKey: (req.headers['dhl-api-key'] as string | undefined) ?? null,
      basic: parseBasic(req.headers.authorization),
      body,
      schemaErrors: null,
    };
    srv.requests.push(rec);
    if (u.pathname !== `${DHL_BASE_PATH}/orders`) return send(res, 404, { status: { title: 'Not Found', statusCode: 404 } });
    if (srv.mode === 'hang') {
      hanging.add(res);
      return;
    }
    const authOk = rec.apiKey === credentials.apiKey && rec.basic?.user === credentials.user && rec.basic.password === credentials.password;
    if (!authOk || srv.mode === 'unauthorized')
      return send(res, 401, { status: { title: 'Unauthorized', statusCode: 401, detail: 'Unauthorized for given resource.' } });
    if (srv.mode === 'rate_limited') return send(res, 429, { status: { title: 'Too Many Requests', statusCode: 429, detail: 'Rate limit exceeded' } });
    if (srv.mode === 'server_error') return send(res, 500, { status: { title: 'Internal Server Error', statusCode: 500, detail: 'Internal Server Error' } });
    if (req.method === 'DELETE') {
      const numbers = u.searchParams.getAll('shipment');
      srv.cancelled.push(...numbers);
      return send(res, 200, {
        status: { title: 'OK', statusCode: 200 },
        items: numbers.map((n) => ({ shipmentNo: n, sstatus: { title: 'OK', statusCode: 200 } })),
      });
    }
    if (req.method !== 'POST') return send(res, 405, { status: { title: 'Method Not Allowed', statusCode: 405 } });
    return createOrders(req, res, u, rec);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  srv.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${DHL_BASE_PATH}`;
  return srv;
}
