import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { installGermanZodErrors } from '../shared/i18n/zod-de';
import { authPlugin } from './auth/plugin';
import type { AppConfig } from './config';
import type { Db } from './db/index';
import { AppError } from './errors';
import { features } from './features/index';
import { clientErrorHandler, frameworkErrors, refuseNulCharacters, toErrorReply } from './http-errors';
import { JOB_HANDLERS } from './jobs/keepa-enrich';
import { JobQueue, type JobQueueOptions } from './jobs/queue';
import { SCHEDULED_JOBS } from './jobs/schedules';
import { openApiRoute, registerOpenApi } from './openapi';
import { LATENCY_PROFILE, latency } from './diagnostics/latency';
import { diagnosticsRoutes } from './diagnostics/routes';

// zod's German locale still prints type names ("erwartet number"); ours words every reason for a user.
installGermanZodErrors();

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** false in tests that do not need request logs. */
  logger?: boolean;
  /** Queue timing overrides (tests shorten the cron, supervision and retry intervals). */
  jobQueue?: Partial<Pick<JobQueueOptions, 'queuePolicy' | 'cronIntervalSeconds' | 'superviseIntervalSeconds' | 'pollingIntervalSeconds' | 'schedules'>>;
  /** false: answers go out uncompressed (tests/bench/compress.ts measures against it). */
  compress?: boolean;
}

/**
 * API answers from this size on go out gzip-compressed (level 1) to clients that accept it: a worker's
 * first sync pull shrinks to about a fifth, which matters on warehouse Wi-Fi; small answers (every booking)
 * pass untouched. @fastify/compress, chosen by measurement (docs/performance.md#compression-of-large-answers).
 */
export const COMPRESS_MIN_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
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
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Security headers on every reply. Built once: @fastify/helmet rebuilt the whole helmet
  // configuration (CSP parsing included) on every request, a noticeable share of a booking's server time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the camera's barcode decoder is WebAssembly (docs/architecture.md "Camera scanning");
        // it allows compiling .wasm only, not eval() of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  // Before the auth plugin: the docs page's own files are public and declare no access level.
  await registerOpenApi(app);
  await app.register(authPlugin, { db, secret: config.jwtSecret, apiKeyRatePerMinute: config.apiKeyRatePerMinute });
  openApiRoute(app);

  app.addHook('preValidation', refuseNulCharacters);
  if (LATENCY_PROFILE) {
    latency.start();
    app.addHook('onResponse', (req, reply, done) => {
      latency.add(`route ${req.method} ${req.routeOptions.url ?? req.url}`, reply.elapsedTime);
      done();
    });
  }
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toErrorReply(err, req);
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.status(status).send(body);
  });

  const log = (msg: string, extra?: Record<string, unknown>) => app.log.warn(extra ?? {}, msg);
  const jobs = new JobQueue({ db, config, handlers: JOB_HANDLERS, schedules: SCHEDULED_JOBS, run: config.runJobs, log, ...opts.jobQueue });
  app.decorate('jobs', jobs);
  await app.register(
    async (api) => {
      // Inside /api only: static files are precompressed at build time (below), the docs page's files stay as they are.
      // The API answers JSON or PDF (incompressible by its type). Level 1: almost the ratio of the default at half the time;
      // answers above the threshold are compressed in a stream in libuv's thread pool, off the event loop.
      if (opts.compress !== false) {
        await api.register(fastifyCompress, {
          global: true,
          threshold: COMPRESS_MIN_BYTES,
          encodings: ['gzip'],
          zlibOptions: { level: 1 },
          globalDecompression: false,
        });
      }
      for (const f of features) await api.register(f.routes, { db, config, jobs });
      if (LATENCY_PROFILE) await api.register(diagnosticsRoutes, { db, config, jobs });
    },
    { prefix: '/api' },
  );

  // Background jobs (bulk Keepa enrichment, the scheduled ones) run in-process when RUN_JOBS allows it;
  // every instance can enqueue.
  if (config.runJobs) {
    // Not awaited: installing pg-boss's schema on a fresh database must not delay the first request.
    app.addHook('onReady', async () => {
      jobs.start().catch((e) => log('job queue did not start', { err: String(e) }));
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  const indexHtml = join(config.staticDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      // The build writes .br/.gz next to each asset (vite.config.ts precompress): send those.
      preCompressed: true,
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
    // The API is /api and what lies below it; a screen such as /api-keys is the app's.
    if (/^\/api(?:[/?]|$)/.test(req.url)) {
      const e = new AppError('ROUTE_NOT_FOUND', { path: req.url.split('?')[0] });
      return reply.status(404).send(e.toBody());
    }
    if (hasClient && (req.method === 'GET' || req.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(new AppError('NOT_FOUND').toBody());
  });

  return app;
}
