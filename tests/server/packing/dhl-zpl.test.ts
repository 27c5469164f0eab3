import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createShipments } from '../../../server/integrations/dhl/client';
import { isZpl, mergeLabels } from '../../../server/integrations/dhl/labels';
import { buildOrderRequest } from '../../../server/integrations/dhl/request';
import type { DhlSettings } from '../../../server/integrations/dhl/settings';
import { DHL_TEST_CREDENTIALS, DHL_TEST_SETTINGS } from '../../helpers/dhl-contract-server';
import { DHL_OPENAPI_PATH } from '../../helpers/dhl-openapi';
import { buildPackingWorld, dhlTestApp, packingUrls as u, saveDhlSettings } from './world';

/**
 * DHL labels as ZPL2 (docs/integrations.md "Label printers (ZPL)"): with the
 * setting label_output=zpl the client asks for docFormat=ZPL2, reads the ZPL
 * text DHL's OpenAPI `Document` puts in `label.zpl2`, and the ship answer
 * carries the labels as data:application/zpl.
 */

const app = dhlTestApp();

const settings = (url: string): DhlSettings => ({
  baseUrl: url,
  apiKey: DHL_TEST_CREDENTIALS.apiKey,
  user: DHL_TEST_CREDENTIALS.user,
  password: DHL_TEST_CREDENTIALS.password,
  labelOutput: 'zpl',
  billingNumber: DHL_TEST_SETTINGS.dhl_billing_number as string,
  billingNumberInternational: null,
  shipper: { name1: 'Lagerwerk GmbH', name2: null, street: 'Industriestraße 12', postalCode: '04109', city: 'Leipzig', country: 'DEU', email: null },
});
const order = {
  order_number: 'A-2026-000077',
  delivery_name: 'Erika Mustermann',
  delivery_email: null,
  delivery_address: 'Straße des 17. Juni 135',
  delivery_postal_code: '10623',
  delivery_city: 'Berlin',
  delivery_country: 'DE',
};

interface OpenApiParam {
  name: string;
  in: string;
  schema?: { enum?: string[] };
}
const openapi = parse(readFileSync(DHL_OPENAPI_PATH, 'utf8')) as {
  paths: { '/orders': { post: { parameters: OpenApiParam[] } } };
  components: { schemas: { Document: { properties: Record<string, unknown> & { fileFormat: { enum: string[] } } } } };
};
const zplOf = (dataUrl: string) => {
  expect(dataUrl.startsWith('data:application/zpl;base64,')).toBe(true);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64').toString('utf8');
};
const formats = (zpl: string) => zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];

describe('client asks DHL for ZPL2', () => {
  it("docFormat=ZPL2 is one of the OpenAPI's values; the label comes back as text in label.zpl2 and is kept as base64", async () => {
    const created = await createShipments(settings(app.dhl.url), buildOrderRequest(settings(app.dhl.url), order, [1000]));
    const req = app.dhl.requests.at(-1);
    expect(req?.query).toMatchObject({ docFormat: 'ZPL2', includeDocs: 'include', printFormat: '910-300-400' });
    const docFormat = openapi.paths['/orders'].post.parameters.find((p) => p.name === 'docFormat' && p.in === 'query');
    expect(docFormat?.schema?.enum).toContain('ZPL2');
    expect(Object.keys(openapi.components.schemas.Document.properties)).toContain('zpl2');
    expect(openapi.components.schemas.Document.properties.fileFormat.enum).toContain('ZPL2');
    const zpl = Buffer.from(created[0]?.labelB64 ?? '', 'base64').toString('utf8');
    expect(isZpl(zpl)).toBe(true);
    expect(zpl).toContain(`^FD${created[0]?.shipmentNo}^FS`);
  });

  it('a base64 ZPL (label.b64 with fileFormat ZPL2) is read too', async () => {
    const zpl = '^XA^FO50,50^A0N,40,40^FDTest^FS^XZ';
    const answer = (async () =>
      new Response(
        JSON.stringify({
          status: { title: 'OK', statusCode: 200 },
          items: [
            { shipmentNo: '00340434161094000001', sstatus: { statusCode: 200 }, label: { b64: Buffer.from(zpl).toString('base64'), fileFormat: 'ZPL2' } },
          ],
        }),
        { status: 200 },
      )) as typeof fetch;
    const [c] = await createShipments(settings('http://dhl.invalid'), buildOrderRequest(settings('x'), order, [1000]), { fetch: answer });
    expect(Buffer.from(c?.labelB64 ?? '', 'base64').toString()).toBe(zpl);
  });

  it('merging ZPL labels puts the formats one after another; a label that is no ZPL is refused', async () => {
    const a = Buffer.from('^XA^FDa^FS^XZ').toString('base64');
    const b = Buffer.from('^XA^FDb^FS^XZ\n').toString('base64');
    expect(formats(zplOf(await mergeLabels([a, b], 'zpl')))).toEqual(['^XA^FDa^FS^XZ', '^XA^FDb^FS^XZ']);
    await expect(mergeLabels([a, Buffer.from('kein ZPL').toString('base64')], 'zpl')).rejects.toThrow();
  });
});

describe('ship with label_output=zpl', () => {
  const ship = async (over: Record<string, string | number | boolean>) => {
    const w = await buildPackingWorld(app.t);
    await app.t.app.inject({ method: 'POST', url: u.packed(w.order.id), headers: w.h, payload: { num_packages: 1 } });
    const q = { carrier: 'DHL', carrier_type: 'parcel', create_dhl_labels: true, ...over };
    return { w, res: await app.t.app.inject({ method: 'POST', url: u.ship(w.order.id, q), headers: w.h }) };
  };

  it('two packages: DHL is asked for ZPL2, merged_label and each label_url are ZPL naming their shipment', async () => {
    await saveDhlSettings(app.t, { label_output: 'zpl' });
    try {
      const before = app.dhl.requests.length;
      const { res } = await ship({ num_labels: 2, label_weights: '[1000,2000]' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(app.dhl.requests[before]?.query).toMatchObject({ docFormat: 'ZPL2' });
      const merged = formats(zplOf(body.dhl_result.merged_label));
      expect(merged).toHaveLength(2);
      body.dhl_result.labels.forEach((l: { shipment_number: string; label_url: string }, i: number) => {
        expect(zplOf(l.label_url)).toContain(l.shipment_number);
        expect(merged[i]).toContain(l.shipment_number);
      });
    } finally {
      await saveDhlSettings(app.t, { label_output: 'pdf' });
    }
  });

  it('a ZPL label that is no ZPL: 502 DHL_LABEL_UNREADABLE, the shipment cancelled again', async () => {
    await saveDhlSettings(app.t, { label_output: 'zpl' });
    try {
      app.dhl.mode = 'unreadable_label';
      const { res } = await ship({ num_labels: 1, total_weight: 1200 });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('DHL_LABEL_UNREADABLE');
      expect(app.dhl.cancelled).toContain(app.dhl.created.at(-1));
    } finally {
      await saveDhlSettings(app.t, { label_output: 'pdf' });
    }
  });

  it('default pdf: DHL is asked for PDF', async () => {
    const before = app.dhl.requests.length;
    const { res } = await ship({ num_labels: 1, total_weight: 1200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(app.dhl.requests[before]?.query).toMatchObject({ docFormat: 'PDF' });
    expect(res.json().dhl_result.merged_label.startsWith('data:application/pdf;base64,')).toBe(true);
  });
});
