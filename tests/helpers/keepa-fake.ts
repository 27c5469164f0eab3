import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A local stand-in for api.keepa.com that follows the documented contract
 * (GET /product?key&domain&code&history; gzip JSON with tokensLeft,
 * refillIn (ms), refillRate, tokensConsumed, products[]; 429 when tokens run
 * out; 402 payment required). No test talks to the network.
 */
export type KeepaFakeMode = 'ok' | 'rate_limited' | 'server_error' | 'payment_required' | 'hang' | 'bad_json';

export interface KeepaFake {
  url: string;
  mode: KeepaFakeMode;
  /** Raw Keepa product objects by code (EAN/UPC). */
  products: Map<string, Record<string, unknown>>;
  tokensLeft: number;
  refillIn: number;
  requests: Array<{ key: string | null; domain: string | null; code: string | null; history: string | null }>;
  close(): Promise<void>;
}

export async function startKeepaFake(): Promise<KeepaFake> {
  const hanging = new Set<ServerResponse>();
  const fake: KeepaFake = {
    url: '',
    mode: 'ok',
    products: new Map(),
    tokensLeft: 100,
    refillIn: 30_000,
    requests: [],
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    const json = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const gzip = String(req.headers['accept-encoding'] ?? '').includes('gzip');
    res.writeHead(status, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(json) : json);
  };
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push({
      key: u.searchParams.get('key'),
      domain: u.searchParams.get('domain'),
      code: u.searchParams.get('code'),
      history: u.searchParams.get('history'),
    });
    const meta = { timestamp: Date.now(), refillRate: 20, refillIn: fake.refillIn, tokenFlowReduction: 0, processingTimeInMs: 3 };
    if (u.pathname !== '/product') return send(req, res, 404, { error: { type: 'notFound', message: 'unknown path' } });
    switch (fake.mode) {
      case 'hang':
        hanging.add(res);
        return;
      case 'bad_json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"products": [');
      case 'rate_limited':
        return send(req, res, 429, { ...meta, tokensLeft: -5, tokensConsumed: 0 });
      case 'payment_required':
        return send(req, res, 402, { ...meta, tokensLeft: 0, tokensConsumed: 0, error: { type: 'paymentRequired', message: 'Payment required' } });
      case 'server_error':
        return send(req, res, 500, 'Internal Server Error');
    }
    const codes = (u.searchParams.get('code') ?? '').split(',').filter(Boolean);
    const products = codes.map((c) => fake.products.get(c)).filter((p) => p !== undefined);
    fake.tokensLeft -= Math.max(1, products.length);
    return send(req, res, 200, { ...meta, tokensLeft: fake.tokensLeft, tokensConsumed: Math.max(1, products.length), products });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A Keepa product as the API sends it (dimensions in mm, weight in g). */
export function keepaProduct(ean: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    asin: 'B000TEST01',
    domainId: 3,
    productType: 0,
    title: 'Bosch Akkuschrauber GSR 12V &amp; Koffer',
    brand: 'Bosch',
    manufacturer: 'Robert Bosch GmbH',
    model: 'GSR 12V-15',
    description: '<p>Kompakter Akkuschrauber.<br>Mit <b>2 Akkus</b>.</p>',
    features: ['Leicht', 'Stark'],
    eanList: [ean],
    images: [{ l: '41abcDEF.jpg', lH: 500, lW: 500, m: '41abcDEFm.jpg', mH: 160, mW: 160 }],
    packageLength: 355,
    packageWidth: 248,
    packageHeight: 102,
    packageWeight: 2150,
    itemLength: -1,
    itemWidth: 0,
    itemHeight: 0,
    itemWeight: 1100,
    csv: null,
    ...over,
  };
}
