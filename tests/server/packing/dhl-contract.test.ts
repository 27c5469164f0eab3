import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShipments, DhlError } from '../../../server/integrations/dhl/client';
import { buildOrderRequest, refNoFor } from '../../../server/integrations/dhl/request';
import type { DhlSettings } from '../../../server/integrations/dhl/settings';
import { DHL_TEST_CREDENTIALS, type DhlContractServer, startDhlContractServer } from '../../helpers/dhl-contract-server';
import { spawnDhlContractServer } from '../../helpers/dhl-contract-process';
import { ordersRequestSchemaRef, shipmentOrderRequestValidator } from '../../helpers/dhl-openapi';

/**
 * The request body against DHL's published OpenAPI schema (the yaml in
 * tests/fixtures/dhl), the client's reading of DHL's SDK response fixtures,
 * and the contract server's own checks (headers, Basic auth, body).
 */

const settings = (url: string, over: Partial<DhlSettings> = {}): DhlSettings => ({
  baseUrl: url,
  apiKey: DHL_TEST_CREDENTIALS.apiKey,
  user: DHL_TEST_CREDENTIALS.user,
  password: DHL_TEST_CREDENTIALS.password,
  billingNumber: '33333333330102',
  billingNumberInternational: '33333333335301',
  shipper: {
    name1: 'Lagerwerk GmbH',
    name2: null,
    street: 'Industriestraße 12',
    postalCode: '04109',
    city: 'Leipzig',
    country: 'DEU',
    email: 'versand@lagerwerk.test',
  },
  ...over,
});
const order = {
  order_number: 'A-2026-000042',
  delivery_name: 'Erika Mustermann',
  delivery_email: 'erika@example.de',
  delivery_address: 'Straße des 17. Juni 135',
  delivery_postal_code: '10623',
  delivery_city: 'Berlin',
  delivery_country: 'DE',
};

let dhl: DhlContractServer;
beforeAll(async () => {
  dhl = await startDhlContractServer();
});
afterAll(async () => dhl.close());

describe("request body against DHL's OpenAPI schema", () => {
  const validate = shipmentOrderRequestValidator();

  it('POST /orders takes a ShipmentOrderRequest', () => {
    expect(ordersRequestSchemaRef()).toBe('#/components/schemas/ShipmentOrderRequest');
  });

  it('domestic, one package; abroad, three packages; an address without house number: all valid', () => {
    const bodies = [
      buildOrderRequest(settings('x'), order, [1000], '2026-11-24'),
      buildOrderRequest(
        settings('x'),
        { ...order, delivery_country: 'Österreich', delivery_postal_code: '1010', delivery_city: 'Wien', delivery_email: null },
        [500, 800, 31500],
        '2026-11-24',
      ),
      buildOrderRequest(settings('x'), { ...order, delivery_address: 'Straße des 17. Juni', order_number: 'A-1' }, [100], '2026-11-24'),
    ];
    for (const b of bodies) expect(validate(b), JSON.stringify(validate.errors)).toBe(true);
    expect(bodies[0]?.shipments[0]?.consignee).toEqual({
      name1: 'Erika Mustermann',
      addressStreet: 'Straße des 17. Juni',
      addressHouse: '135',
      postalCode: '10623',
      city: 'Berlin',
      country: 'DEU',
      email: 'erika@example.de',
    });
    expect(bodies[1]?.shipments.map((s) => s.product)).toEqual(['V53WPAK', 'V53WPAK', 'V53WPAK']);
    expect(bodies[2]?.shipments[0]?.refNo).toBe('A-1-----');
  });

  it('the schema catches what DHL refuses: an alpha-2 country, a short refNo, a wrong billing number', () => {
    const b = buildOrderRequest(settings('x'), order, [1000], '2026-11-24');
    const broken = [
      { ...b, shipments: [{ ...b.shipments[0], consignee: { ...b.shipments[0]?.consignee, country: 'DE' } }] },
      { ...b, shipments: [{ ...b.shipments[0], refNo: 'A-1' }] },
      { ...b, shipments: [{ ...b.shipments[0], billingNumber: '3333' }] },
    ];
    for (const x of broken) expect(validate(x)).toBe(false);
  });

  it('refNo is 8–35 characters and differs per package', () => {
    expect(refNoFor('A-1', 0, 1)).toBe('A-1-----');
    expect(refNoFor('A-2026-000042', 1, 3)).toBe('A-2026-000042/2');
    expect(refNoFor('X'.repeat(40), 0, 1)).toHaveLength(35);
  });
});

describe('client against the contract server', () => {
  it('sends the key header, HTTP Basic and a schema-valid body; 1 package → 200, labels are PDFs', async () => {
    const created = await createShipments(settings(dhl.url), buildOrderRequest(settings(dhl.url), order, [1000]));
    expect(created).toHaveLength(1);
    expect(
      Buffer.from(created[0]?.labelB64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(dhl.requests.at(-1)).toMatchObject({ apiKey: DHL_TEST_CREDENTIALS.apiKey, basic: { user: 'user-valid' }, schemaErrors: null });
  });

  it('wrong key or password: 401 → auth error; a body DHL cannot read: 400 with propertyPath', async () => {
    await expect(createShipments(settings(dhl.url, { apiKey: 'falsch' }), buildOrderRequest(settings(dhl.url), order, [1000]))).rejects.toMatchObject({
      kind: 'auth',
      status: 401,
    });
    await expect(createShipments(settings(dhl.url, { password: 'falsch' }), buildOrderRequest(settings(dhl.url), order, [1000]))).rejects.toMatchObject({
      kind: 'auth',
    });
    const bad = buildOrderRequest(settings(dhl.url), order, [1000]);
    (bad.shipments[0] as { consignee: { country: string } }).consignee.country = 'DE';
    const err = await createShipments(settings(dhl.url), bad).catch((e) => e);
    expect(err).toBeInstanceOf(DhlError);
    expect(err).toMatchObject({ kind: 'address', status: 400 });
    expect(err.message).toContain('shipments[0].consignee.country');
  });
});

describe("client reading DHL's SDK fixtures", () => {
  const fx = (name: string) => readFileSync(new URL(`../../fixtures/dhl/createshipment/${name}`, import.meta.url), 'utf8');
  const answering = (status: number, name: string) =>
    (async () => new Response(fx(name), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  const req = (n: number) =>
    buildOrderRequest(
      settings('http://dhl.invalid'),
      order,
      Array.from({ length: n }, () => 1000),
    );

  it('multi success with warnings: created, warnings kept', async () => {
    const created = await createShipments(settings('http://dhl.invalid'), req(2), { fetch: answering(207, 'multiShipmentValidationWarning.json') });
    expect(created.map((c) => c.shipmentNo)).toEqual(['0034043333301010000010005', '0034043333301010000010006']);
    expect(created[0]?.warnings).toContain('The city entered does not match the postcode. The shipment is not codeable.');
  });

  it('single validation error → address; partial multi-status → address with the created number; partial backend error → rejected', async () => {
    await expect(
      createShipments(settings('http://dhl.invalid'), req(1), { fetch: answering(400, 'singleShipmentValidationError.json') }),
    ).rejects.toMatchObject({ kind: 'address' });
    await expect(createShipments(settings('http://dhl.invalid'), req(2), { fetch: answering(207, 'multiShipmentPartialSuccess.json') })).rejects.toMatchObject({
      kind: 'address',
      created: ['0034043333301010000010004'],
    });
    const e = await createShipments(settings('http://dhl.invalid'), req(2), { fetch: answering(207, 'multiShipmentPartialError.json') }).catch((x) => x);
    expect(e).toMatchObject({ kind: 'rejected', created: ['0034043333301010000010004'], message: 'General Shipment Backend Error' });
    expect(e.toAppError()).toMatchObject({ code: 'DHL_REJECTED', status: 422 });
  });

  it('network failure → unavailable (503)', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const e = await createShipments(settings('http://dhl.invalid'), req(1), { fetch: failing }).catch((x) => x);
    expect(e.toAppError()).toMatchObject({ code: 'DHL_UNAVAILABLE', status: 503 });
  });
});

describe('contract server as its own process (for e2e runs beside the app server)', () => {
  it('prints its base URL, serves labels, switches modes over /__contract, stops on SIGTERM', async () => {
    const p = await spawnDhlContractServer();
    try {
      expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/parcel\/de\/shipping\/v2$/);
      expect(await createShipments(settings(p.url), buildOrderRequest(settings(p.url), order, [1000, 2000]))).toHaveLength(2);
      await fetch(`${p.origin}/__contract/mode`, { method: 'POST', body: JSON.stringify({ mode: 'server_error' }) });
      await expect(createShipments(settings(p.url), buildOrderRequest(settings(p.url), order, [1000]))).rejects.toMatchObject({
        kind: 'unavailable',
        status: 500,
      });
      const log = await (await fetch(`${p.origin}/__contract/requests`)).json();
      expect(log.created).toHaveLength(2);
    } finally {
      await p.stop();
    }
    expect(p.child.exitCode ?? p.child.signalCode).not.toBeNull();
  }, 30_000);
});
