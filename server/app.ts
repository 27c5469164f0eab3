import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorText } from '../shared/i18n/errors';
import { fieldLabel } from '../shared/i18n/fields';
import { authPlugin } from './auth/plugin';
import type { AppConfig } from './config';
import type { Db } from './db/index';
import { AppError, isAppError, pgErrorCode } from './errors';
import { longestLoginWindowMinutes } from './features/auth/throttle';
import { features } from './features/index';
import { JOB_HANDLERS } from './jobs/keepa-enrich';
import { type PurgeSchedule, startPurgeSchedule } from './jobs/purge';
import { JobRunner } from './jobs/runner';

z.config(z.locales.de());

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** false in tests that do not need request logs. */
  logger?: boolean;
}

/** Turns anything thrown into { detail, code, params } with the right status; never leaks internals. */
function toErrorReply(err: unknown): { status: number; body: { detail: string; code: string; params: Record<string, unknown> } } {
  if (isAppError(err)) return { status: err.status, body: err.toBody() };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const path = first.instancePath.split('/').filter(Boolean);
    const field = fieldLabel(path.map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
    const reason = first.message ?? 'ungültig';
    return {
      status: 400,
      body: {
        detail: `${field}: ${reason}`,
        code: 'VALIDATION',
        params: { field, path: path.join('.'), reason, issues: err.validation.map((v) => ({ path: v.instancePath, message: v.message })) },
      },
    };
  }
  const fe = err as FastifyError;
  if (
    fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
    fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    fe?.code === 'FST_ERR_VALIDATION'
  ) {
    const e = new AppError(fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
    return { status: e.status, body: e.toBody() };
  }
  const pg = pgErrorCode(err);
  // Constraint violations that slipped past a service check are still the client's conflict, not a crash.
  if (pg === '23505' || pg === '23503' || pg === '23514' || pg === '40001' || pg === '40P01') {
    const e = new AppError('CONFLICT', { reason: 'Die Daten wurden zwischenzeitlich geändert – bitte erneut versuchen' });
    return { status: e.status, body: e.toBody() };
  }
  // Class 22 (data exception): input the database cannot take (bad number, date, a NUL character …) is the client's error.
  if (pg?.startsWith('22')) {
    const e = new AppError('BAD_REQUEST');
    return { status: e.status, body: e.toBody() };
  }
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { detail: errorText('BAD_REQUEST'), code: 'BAD_REQUEST', params: {} } };
  }
  const e = new AppError('INTERNAL');
  return { status: 500, body: e.toBody() };
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
          },
    // X-Forwarded-For only from configured proxies: otherwise anyone could choose the IP the login throttle counts.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  await app.register(authPlugin, { db, secret: config.jwtSecret });

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toErrorReply(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.status(status).send(body);
  });

  await app.register(
    async (api) => {
      for (const f of features) await api.register(f.routes, { db, config });
    },
    { prefix: '/api' },
  );

  // Background jobs (bulk Keepa enrichment, the retention purge) run in-process when RUN_JOBS allows it.
  if (config.runJobs) {
    const log = (msg: string, extra?: Record<string, unknown>) => app.log.warn(extra ?? {}, msg);
    const runner = new JobRunner({ db, config, handlers: JOB_HANDLERS, log });
    let purge: PurgeSchedule | null = null;
    app.addHook('onReady', async () => {
      runner.start();
      purge = startPurgeSchedule(db, { retentionDays: config.retentionDays, loginWindowMinutes: longestLoginWindowMinutes(config.loginThrottle), log });
    });
    app.addHook('onClose', async () => {
      await purge?.stop();
      await runner.stop();
    });
  }

  const indexHtml = join(config.staticDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      setHeaders: (reply, path) => {
        // The service worker and the shell must be revalidated so updates arrive.
        if (path.endsWith('sw.js') || path.endsWith('index.html') || path.endsWith('.webmanifest')) {
          reply.header('Cache-Control', 'no-cache');
        } else if (path.includes('/assets/')) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api')) {
      const e = new AppError('ROUTE_NOT_FOUND', { path: req.url.split('?')[0] });
      return reply.status(404).send(e.toBody());
    }
    if (hasClient && (req.method === 'GET' || req.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Nicht gefunden', code: 'NOT_FOUND', params: {} });
  });

  return app;
}
