import type { LatencySnapshot, Quantiles } from '../../server/diagnostics/latency';

/**
 * The server's latency profile (server/diagnostics/latency.ts; the bench starts its server with
 * LATENCY_PROFILE=true): read and reset around a measured phase, printed as where the time went.
 */
export async function latencyProfile(baseUrl: string, token: string, reset: boolean): Promise<LatencySnapshot> {
  const res = await fetch(`${baseUrl}/api/diagnostics/latency${reset ? '?reset=true' : ''}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`diagnostics/latency → ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as LatencySnapshot;
}

const f = (n: number, d = 1) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const q = (x: Quantiles) => `p50 ${f(x.p50)} ms  p99 ${f(x.p99)} ms  max ${f(x.max)} ms  (${f(x.count, 0)})`;

export function printLatencyProfile(p: LatencySnapshot): void {
  console.log(`  Profil des Servers über ${f(p.windowMs / 1000)} s (LATENCY_PROFILE):`);
  const routes = Object.entries(p.routes).sort((a, b) => b[1].count - a[1].count);
  for (const [route, x] of routes.slice(0, 4)) console.log(`    ${route.padEnd(34)} ${q(x)}`);
  console.log(`    ${'Warten auf eine Pool-Verbindung'.padEnd(34)} ${q(p.poolWait)}`);
  console.log(`    ${'Gruppen-Commit: Warteschlange'.padEnd(34)} ${q(p.groupCommitQueue)}`);
  console.log(`    ${'Gruppen-Commit: Statement'.padEnd(34)} ${q(p.groupCommitStatement)}`);
  console.log(`    ${'Event-Loop-Verzögerung'.padEnd(34)} p50 ${f(p.eventLoop.p50)} ms  p99 ${f(p.eventLoop.p99)} ms  max ${f(p.eventLoop.max)} ms`);
  const share = p.windowMs > 0 ? (100 * p.gc.total) / p.windowMs : 0;
  console.log(`    ${'GC-Pausen'.padEnd(34)} ${q(p.gc)}, zusammen ${f(p.gc.total, 0)} ms = ${f(share)} % der Zeit`);
}
