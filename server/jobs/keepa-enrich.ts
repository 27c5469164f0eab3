import { type EnrichJobResult, isComplete } from '../../shared/schemas/catalog';
import { errorText } from '../../shared/i18n/errors/index';
import { applyKeepaData } from '../features/catalog/service';
import { isKeepaError, type KeepaClient, keepaClientFor } from '../integrations/keepa';
import { type JobContext, JobFailedError, type JobHandler } from './queue';

/**
 * Bulk Keepa enrichment as a background job (products.enrich_all).
 * Keepa bills one token per product found and refills at refillRate per
 * minute: before each request the job waits until the last reported budget
 * covers the batch (KeepaClient.waitMsFor), and a 429 waits refillIn and
 * retries the same batch, so running out of tokens slows the job down but
 * never counts a product as failed. Progress (cursor = done) is stored after
 * every batch, so a restarted job resumes where it stopped.
 */

export const ENRICH_JOB_KIND = 'products.enrich_all';
export const ENRICH_BATCH = 20;
const MAX_TRANSIENT_RETRIES = 3;
const MAX_FAILURES_LISTED = 100;

export interface EnrichJobPayload {
  product_ids: number[];
}

export function emptyEnrichResult(): EnrichJobResult {
  return { enriched: 0, failed: 0, still_incomplete: 0, action_required: false, failures: [], waiting_until: null };
}

function readState(ctx: JobContext): EnrichJobResult {
  const r = ctx.job.result as Partial<EnrichJobResult> | null;
  return { ...emptyEnrichResult(), ...(r ?? {}), waiting_until: null };
}

export const enrichAllHandler: JobHandler = async (ctx) => {
  const payload = ctx.job.payload as EnrichJobPayload;
  const ids = payload.product_ids ?? [];
  const state = readState(ctx);
  let cursor = ctx.job.done;
  const client: KeepaClient | null = await keepaClientFor(ctx.db, ctx.config);
  const save = () =>
    ctx.progress({
      total: ids.length,
      done: cursor,
      succeeded: state.enriched,
      failed: state.failed,
      result: { ...state, action_required: state.still_incomplete > 0 },
    });
  const fail = (ean: string, reason: string) => {
    state.failed++;
    if (state.failures.length < MAX_FAILURES_LISTED) state.failures.push({ ean, reason });
  };
  if (!client) {
    const reason = errorText('KEEPA_NOT_CONFIGURED');
    const rest = await ctx.db
      .selectFrom('products')
      .select('ean')
      .where('id', 'in', ids.slice(cursor).length ? ids.slice(cursor) : [-1])
      .execute();
    for (const p of rest) fail(p.ean, reason);
    cursor = ids.length;
    await save();
    throw new JobFailedError(reason);
  }

  let transient = 0;
  while (cursor < ids.length) {
    const batchIds = ids.slice(cursor, cursor + ENRICH_BATCH);
    const products = await ctx.db.selectFrom('products').selectAll().where('id', 'in', batchIds).execute();
    const wait = client.waitMsFor(products.length);
    if (wait > 0) {
      state.waiting_until = new Date(Date.now() + wait).toISOString();
      await save();
      await ctx.sleep(wait);
      state.waiting_until = null;
    }
    try {
      const found = products.length ? await client.productsByCodes(products.map((p) => p.ean)) : new Map();
      transient = 0;
      for (const p of products) {
        const data = found.get(p.ean);
        if (!data) {
          fail(p.ean, 'Keepa kennt dieses Produkt nicht');
          continue;
        }
        const r = await applyKeepaData(ctx.db, p, data);
        state.enriched++;
        if (!isComplete(r.product)) state.still_incomplete++;
      }
      cursor += batchIds.length;
    } catch (e) {
      if (!isKeepaError(e)) throw e;
      if (e.kind === 'rate_limited') {
        const ms = e.refillInMs ?? 60_000;
        state.waiting_until = new Date(Date.now() + ms).toISOString();
        await save();
        await ctx.sleep(ms);
        state.waiting_until = null;
        continue;
      }
      if (e.retryable && transient < MAX_TRANSIENT_RETRIES) {
        transient++;
        await ctx.sleep(1000 * 2 ** transient);
        continue;
      }
      const reason = e.toAppError().message;
      if (e.kind === 'payment_required') {
        // Every further request would fail the same way: stop and report.
        const rest = await ctx.db.selectFrom('products').select('ean').where('id', 'in', ids.slice(cursor)).execute();
        for (const p of rest) fail(p.ean, reason);
        cursor = ids.length;
        await save();
        throw new JobFailedError(reason);
      }
      for (const p of products) fail(p.ean, reason);
      transient = 0;
      cursor += batchIds.length;
    }
    await save();
  }
  return { ...state, waiting_until: null, action_required: state.still_incomplete > 0 || state.failed > 0 } satisfies EnrichJobResult;
};

export const JOB_HANDLERS: Record<string, JobHandler> = { [ENRICH_JOB_KIND]: enrichAllHandler };
