import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { JWT_LIFETIME } from '../../shared/constants';
import { type AccessLevel, ACCESS_LEVELS, hasAccess } from '../../shared/domain/roles';
import { DEFAULT_API_KEY_RATE_PER_MINUTE } from '../config';
import type { Db } from '../db/index';
import { AppError } from '../errors';
import type { Actor } from './actor';
import { ActorCache } from './actor-cache';
import { ApiKeyLimiter, apiKeyOf, loadKeyActor } from './api-keys';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must declare it (checked at start-up). */
    access?: AccessLevel;
    /** false: the route acts on the signed-in person's own account or device, so an API key gets 403 (docs/operations.md "API keys"). */
    apiKeys?: false;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The actor cache's count of local writes when the request arrived. */
    actorWritesBefore: number;
  }
  interface FastifyInstance {
    /** Every registered /api route with its declared access level and schemas (for the route-walk and fuzz tests). */
    routeAccess: Array<{ method: string; url: string; access: AccessLevel; apiKeys?: false; schema?: FastifySchema }>;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** sv: the user's session_version at login (absent in tokens from before it existed: 0). */
    payload: { sub: string; role: string; sv?: number };
    user: { sub: string; role: string; sv?: number };
  }
}

/** The actor of a route whose access level is not public. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('NOT_AUTHENTICATED');
  return req.actor;
}

/** Verified tokens kept (one per signed-in device and session). */
const JWT_VERIFY_CACHE = 10_000;

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; secret: string; apiKeyRatePerMinute?: number }) => {
    // Verified tokens are remembered (fast-jwt's LRU, at most until the token's exp): a handheld sends
    // the same token with every scan. Revocation does not depend on it: the token's `sv` is compared
    // with the user's session_version, and deactivation with the actor, on every request.
    await app.register(jwt, { secret: opts.secret, sign: { expiresIn: JWT_LIFETIME }, verify: { cache: JWT_VERIFY_CACHE } });
    app.decorateRequest('actor', null);
    app.decorateRequest('actorWritesBefore', 0);
    const actors = new ActorCache(opts.db);
    const keyLimiter = new ApiKeyLimiter(opts.db, opts.apiKeyRatePerMinute ?? DEFAULT_API_KEY_RATE_PER_MINUTE);
    app.decorate('routeAccess', []);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      const access = route.config?.access;
      if (!access || !ACCESS_LEVELS.includes(access)) {
        throw new Error(`Route ${route.method} ${route.url} declares no access level (config.access)`);
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) {
        if (m === 'HEAD') continue;
        app.routeAccess.push({ method: m, url: route.url, access, apiKeys: route.config?.apiKeys, schema: route.schema });
      }
    });

    // Authentication and the role guard run before body validation, so an
    // anonymous or unauthorised caller learns nothing about the payload rules.
    app.addHook('onRequest', async (req, reply) => {
      req.actorWritesBefore = actors.writes;
      const access = req.routeOptions.config?.access;
      if (!access || access === 'public') return;
      const apiKey = apiKeyOf(req.headers);
      if (apiKey !== null) {
        // A customer's API key (docs/operations.md "API keys"): looked up on every request, never cached.
        const actor = await loadKeyActor(opts.db, apiKey);
        const wait = keyLimiter.take(actor.api_key_id);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new AppError('API_KEY_RATE_LIMITED', { limit: keyLimiter.perMinute, seconds: wait });
        }
        await keyLimiter.touch(actor.api_key_id);
        req.actor = actor;
        if (req.routeOptions.config?.apiKeys === false) throw new AppError('API_KEY_NOT_ALLOWED');
        if (!hasAccess(actor, access)) throw new AppError('FORBIDDEN');
        return;
      }
      const header = req.headers.authorization;
      if (!header?.toLowerCase().startsWith('bearer ')) throw new AppError('NOT_AUTHENTICATED');
      let payload: { sub: string; sv?: number };
      try {
        payload = await req.jwtVerify<{ sub: string; role: string; sv?: number }>();
      } catch (e) {
        const code = (e as { code?: string }).code;
        throw new AppError(code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? 'TOKEN_EXPIRED' : 'NOT_AUTHENTICATED');
      }
      const actor = await actors.get(Number(payload.sub));
      if (!actor) throw new AppError('NOT_AUTHENTICATED');
      // A password change or reset since this token was issued ends it.
      if ((payload.sv ?? 0) !== actor.session_version) throw new AppError('SESSION_REVOKED');
      req.actor = actor;
      if (!hasAccess(actor, access)) throw new AppError('FORBIDDEN');
    });

    // A request that wrote users, access lists or customers has committed by
    // now: drop cached actors once more before its reply leaves, so nothing
    // read while its transaction was open survives (server/auth/actor-cache.ts).
    app.addHook('onSend', async (req) => {
      if (actors.writes !== req.actorWritesBefore) actors.clear();
    });
  },
  { name: 'auth' },
);
