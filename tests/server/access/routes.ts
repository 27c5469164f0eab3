import type { FastifyInstance, InjectOptions } from 'fastify';

/** A concrete request for a registered route: path params become 999999 (an id nobody has). */
export function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '999999').replace(/\*/g, 'x');
}

/** Deliberately invalid input: unknown ids and an empty JSON body where one is expected. */
export function probe(route: { method: string; url: string }, headers: Record<string, string> = {}): InjectOptions {
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return {
    method: route.method as InjectOptions['method'],
    url: concreteUrl(route.url),
    headers,
    ...(withBody ? { payload: {} } : {}),
  };
}

export function apiRoutes(app: FastifyInstance) {
  return [...app.routeAccess].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}
