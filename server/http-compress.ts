import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Large JSON answers go out gzip-compressed to clients that accept it: a worker's first
 * sync pull of a large warehouse shrinks to about a fifth, which matters on warehouse Wi-Fi
 * (figures: docs/performance.md). Small answers (every booking) pass untouched: compressing
 * them costs more than it saves. Level 1: almost the ratio of the default level at half the
 * time, off the event loop in libuv's thread pool. Static files are precompressed at
 * build time and streamed, so they never reach this hook as a string.
 */
export const COMPRESS_MIN_CHARS = 64 * 1024;

const gzipAsync = promisify(gzip);

/** Does the Accept-Encoding header allow gzip (by name or `*`, with a q-value above 0)? */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Fastify onSend hook. */
export async function compressLargeJson(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_CHARS || reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (!acceptsGzip(req.headers['accept-encoding'])) return payload;
  const body = await gzipAsync(payload, { level: 1 });
  reply.header('content-encoding', 'gzip');
  return body;
}
