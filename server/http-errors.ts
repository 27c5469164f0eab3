import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { findNulCharacter } from '../shared/domain/control-characters';
import { type ErrorCode, errorStatus, errorText } from '../shared/i18n/errors/index';
import { CONFLICT_REASONS, reasonParams, validationReasonCode } from '../shared/i18n/errors/refusal-words';
import { fieldLabel } from '../shared/i18n/fields';
import { ZOD_REASONS } from '../shared/i18n/zod-reasons';
import { AppError, isAppError, pgErrorCode } from './errors';

/**
 * Every answer >= 400 is { detail: German, code, params } – also the ones
 * Fastify and Node produce themselves before a route runs, so a device can
 * show any refusal as it is and a caller can branch on the code.
 */
export interface ErrorReply {
  status: number;
  body: { detail: string; code: string; params: Record<string, unknown> };
}

function reply(code: ErrorCode, params: Record<string, unknown> = {}): ErrorReply {
  const e = new AppError(code, params);
  return { status: e.status, body: e.toBody() };
}

/** A 400 that names the field in German (the same shape as a zod failure). */
export function validationReply(path: ReadonlyArray<string | number>, reason: string, issues: unknown[] = []): ErrorReply {
  const field = fieldLabel(path);
  return {
    status: 400,
    body: { detail: `${field}: ${reason}`, code: 'VALIDATION', params: { field, path: path.join('.'), reason, ...validationReasonCode(reason), issues } },
  };
}

/** Thrown by the NUL check; the error handler turns it into a VALIDATION 400 naming the field. */
export class NulCharacterError extends Error {
  constructor(readonly path: Array<string | number>) {
    super('NUL character in request');
  }
}

/** Fastify's own errors (body parsing, routing) by code; the rest of its 4xx fall back to BAD_REQUEST. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
};

/** Turns anything thrown into { detail, code, params } with the right status; never leaks internals. */
export function toErrorReply(err: unknown, req?: FastifyRequest): ErrorReply {
  if (isAppError(err)) return { status: err.status, body: err.toBody() };
  if (err instanceof NulCharacterError) return validationReply(err.path, ZOD_REASONS.controlCharacter);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const path = first.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
    return validationReply(path, first.message ?? ZOD_REASONS.invalid, issues);
  }
  const fe = err as Partial<FastifyError>;
  const mapped = fe?.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped === 'UNSUPPORTED_MEDIA_TYPE') return reply(mapped, { type: req?.headers['content-type'] ?? '' });
  if (mapped === 'BAD_URL') return reply(mapped, { path: req?.url.split('?')[0] ?? '' });
  if (mapped) return reply(mapped);
  const pg = pgErrorCode(err);
  // Constraint violations that slipped past a service check are still the client's conflict, not a crash.
  if (pg === '23505' || pg === '23503' || pg === '23514' || pg === '40001' || pg === '40P01') {
    return reply('CONFLICT', reasonParams(CONFLICT_REASONS, 'changed'));
  }
  // Class 22 (data exception): input the database cannot take (bad number, date, a NUL character …) is the
  // client's error. The NUL check below catches NUL before this; this stays as the last line of defence.
  if (pg?.startsWith('22')) return reply('BAD_REQUEST');
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { detail: errorText('BAD_REQUEST'), code: 'BAD_REQUEST', params: {} } };
  }
  return reply('INTERNAL');
}

/** Fastify's `frameworkErrors`: bad URL encoding and over-long path parameters, answered like any other error. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, res: FastifyReply): void {
  const { status, body } = toErrorReply(err, req);
  res.status(status).send(body);
}

const CLIENT_ERRORS: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * Node's `clientError`: requests that never become a Fastify request (headers
 * over Node's maxHeaderSize, a broken request line, a timeout). Fastify's default
 * writes English JSON; this writes the catalogue's text on the raw socket.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode = (err.code && CLIENT_ERRORS[err.code]) || 'BAD_REQUEST';
  const status = errorStatus(code);
  const body = JSON.stringify({ detail: errorText(code), code, params: {} });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${code}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * preValidation hook: one place every string input passes. Runs after the
 * auth hook (an anonymous caller still learns nothing about payload rules)
 * and before the route's schema, so no route can forget it.
 * The sync push body is left to the per-mutation validation: refusing the
 * whole push would make one bad mutation block a device's queue.
 */
const BODY_CHECKED_PER_ITEM = new Set(['/api/sync/push']);

export async function refuseNulCharacters(req: FastifyRequest): Promise<void> {
  const parts: Array<[string, unknown]> = [
    ['params', req.params],
    ['query', req.query],
  ];
  if (!BODY_CHECKED_PER_ITEM.has(req.routeOptions.url ?? '')) parts.push(['body', req.body]);
  for (const [, value] of parts) {
    const path = findNulCharacter(value);
    if (path) throw new NulCharacterError(path);
  }
}
