import { randomUUID } from 'node:crypto';
import { type Mutation, PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';
import { jsonClient } from './http-client';
import { pick, type Seed } from './setup';

/**
 * Replay throughput: D devices each come back online with an offline queue of
 * stock.inbound mutations and push it in batches (sequentially per device, as
 * the device's single pusher does; devices in parallel).
 */

export interface ReplayFigures {
  mutations: number;
  seconds: number;
  perSecond: number;
  applied: number;
  pushes: number;
  failedPushes: number;
}

export async function benchReplay(baseUrl: string, token: string, s: Seed, devices: number, perDevice: number, batch: number): Promise<ReplayFigures> {
  const queues = Array.from({ length: devices }, () => ({
    clientId: `bench-${randomUUID()}`,
    mutations: Array.from(
      { length: perDevice },
      (_, i): Mutation => ({
        id: i + 1,
        name: 'stock.inbound',
        userId: s.userId,
        createdAt: new Date().toISOString(),
        args: { ean: pick(s.eans), quantity: 1 + (i % 5), location_barcode: pick(s.barcodes), customer_id: s.customerId },
      }),
    ),
  }));
  const http = jsonClient(baseUrl, devices);
  let applied = 0;
  let pushes = 0;
  let failedPushes = 0;
  const started = performance.now();
  await Promise.all(
    queues.map(async (q) => {
      for (let i = 0; i < q.mutations.length; ) {
        const slice = q.mutations.slice(i, i + batch);
        const res = await http.post('/api/sync/push', token, {
          protocolVersion: PROTOCOL_VERSION,
          schemaVersion: WORKING_SET_SCHEMA_VERSION,
          clientId: q.clientId,
          mutations: slice,
        });
        pushes++;
        const body = JSON.parse(res.body) as { lastMutationId?: number; results?: Array<{ status: string }> };
        if (res.status !== 200 && res.status !== 503) throw new Error(`push failed with ${res.status}: ${JSON.stringify(body)}`);
        if (res.status !== 200) failedPushes++;
        applied += (body.results ?? []).filter((r) => r.status === 'applied').length;
        i = body.lastMutationId ?? i;
      }
    }),
  );
  http.close();
  const seconds = (performance.now() - started) / 1000;
  const mutations = devices * perDevice;
  return { mutations, seconds, perSecond: mutations / seconds, applied, pushes, failedPushes };
}
