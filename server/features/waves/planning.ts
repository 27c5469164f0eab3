import { shortestRoute } from '../../../shared/domain/pick-route';
import { suggestWaves } from '../../../shared/domain/wave-suggestions';
import type { WaveCandidate } from '../../../shared/domain/wave-suggestion-types';
import type { RouteStop, SuggestQuery, SuggestResponse } from '../../../shared/schemas/wave-planning';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx } from '../../db/index';
import { loadWaveCandidates } from './planning-queries';

/**
 * Wave suggestions (docs/fulfilment.md "Wave suggestions"): the server
 * only feeds the pure planner (shared/domain/wave-suggestions.ts) with the
 * candidates and adds, per suggestion, the racks in the order of the same
 * shortest route the pick list will walk, so the map and the pick list agree.
 */
export async function suggestWaveGroups(db: DbOrTrx, actor: Actor, q: SuggestQuery): Promise<SuggestResponse> {
  const candidates = await loadWaveCandidates(db, actor);
  const result = suggestWaves(candidates, { max_orders_per_wave: q.max_orders_per_wave });
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return {
    ...result,
    suggestions: result.suggestions.map((s) => ({ ...s, route: routeOf(s.order_ids.map((id) => byId.get(id)).filter((c) => c !== undefined)) })),
  };
}

/** The racks of the orders' reservations in route order, numbered from 1. */
export function routeOf(orders: readonly WaveCandidate[]): RouteStop[] {
  const racks = orders.flatMap((o) => o.lines.flatMap((l) => l.locations));
  const byRack = new Map(racks.map((r) => [r.rack_id, r]));
  return shortestRoute(racks).rack_ids.flatMap((id, i) => {
    const r = byRack.get(id);
    return r ? [{ sequence: i + 1, rack_id: r.rack_id, rack_code: r.rack_code, position_x: r.position_x, position_y: r.position_y }] : [];
  });
}
