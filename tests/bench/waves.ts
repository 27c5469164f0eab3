import { pathToFileURL } from 'node:url';
import { shortestRoute } from '../../shared/domain/pick-route';
import type { SuggestWavesResult } from '../../shared/domain/wave-suggestion-types';
import { suggestWaves } from '../../shared/domain/wave-suggestions';
import { bestKnown, heldKarpReference, type Pt, seededRandom } from '../helpers/tsp-reference';
import { makeHall, makeOrders } from '../helpers/warehouse-gen';
import { recordGoal } from './summary';

/**
 * The wave planner's algorithms (shared/domain/pick-route.ts, wave-suggestions.ts):
 * figures only, no assertions. Pure CPU, no database; runs alone with
 * `npx tsx tests/bench/waves.ts` and as a section of `npm run bench`.
 *  (a) route length ÷ exact optimum (independent Held–Karp) for 5, 10, 15 racks,
 *      and ÷ best known (best of many random-restart 2-opt/Or-opt runs) for 40 racks; time per route.
 *  (b) total walk of the suggested waves ÷ FCFS batching (creation order, 4 per wave, same pallet rules).
 *  (c) time to suggest waves for 500 candidates.
 * Targets from the issue: (a) 1,000 up to 15 racks, ≤ 1,02 at 40; (b) ≤ 0,65; (c) ≤ 1 s.
 */

const HALL_ROWS = 12;
const RACKS_PER_ROW = 9;
const ORDERS = Number(process.env.BENCH_WAVE_ORDERS ?? 500);
const INSTANCES = Number(process.env.BENCH_ROUTE_INSTANCES ?? 20);
const RESTARTS_40 = Number(process.env.BENCH_RESTARTS ?? 500);

const f = (n: number, d = 3) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const walk = (r: SuggestWavesResult, collectiveOnly = false) =>
  r.suggestions.filter((s) => !collectiveOnly || !(s.has_heavy_order || s.has_missing_data)).reduce((a, s) => a + s.route_length_m, 0);

export function benchWaves(): void {
  const hall = makeHall(HALL_ROWS, RACKS_PER_ROW);
  const rnd = seededRandom(2026);
  const pick = (n: number) => {
    const idx = hall.racks.map((_, i) => i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    return idx.slice(0, n).map((i) => hall.racks[i]);
  };
  const xmax = Math.max(...hall.racks.map((r) => r.position_x)) / 10;
  const ymax = Math.max(...hall.racks.map((r) => r.position_y)) / 10;
  console.log(
    `  Halle: ${hall.racks.length} Regale in ${HALL_ROWS} Reihen (${HALL_ROWS / 2} Gänge) × ${RACKS_PER_ROW}, ${f(xmax, 1)} × ${f(ymax, 1)} m, Versand am Ursprung (0, 0)`,
  );

  console.log('\n  a) Laufweg der Route');
  console.log('     Regale  Instanzen  Referenz                                    Verhältnis Ø   max      Zeit/Route Ø   max');
  for (const n of [5, 10, 15, 40]) {
    const count = n === 40 ? Math.max(1, Math.floor(INSTANCES / 4)) : INSTANCES;
    const ratios: number[] = [];
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const racks = pick(n);
      const pts: Pt[] = racks.map((r) => ({ x: r.position_x, y: r.position_y }));
      const t0 = performance.now();
      const route = shortestRoute(racks);
      times.push(performance.now() - t0);
      const ref = n <= 15 ? heldKarpReference(pts) : bestKnown(pts, RESTARTS_40, k + 1);
      ratios.push(route.length_dm / ref);
    }
    const refName = n <= 15 ? 'exaktes Optimum (Held–Karp)' : `bestes von ${RESTARTS_40} Zufallsstarts 2-opt/Or-opt`;
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    const tMean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `     ${String(n).padStart(6)}  ${String(count).padStart(9)}  ${refName.padEnd(42)}  ${f(mean).padStart(12)}  ${f(Math.max(...ratios)).padStart(5)}  ${f(tMean, 2).padStart(10)} ms  ${f(Math.max(...times), 2).padStart(6)} ms`,
    );
  }

  const orders = makeOrders(hall, { orders: ORDERS, seed: 500, customers: 24, zoneRacks: 4, spread: 0.1, strayProducts: 0.05, specialsPerMille: 10 });
  const lines = orders.reduce((a, o) => a + o.lines.length, 0);
  suggestWaves(orders); // warm-up
  const times: number[] = [];
  let best: SuggestWavesResult | null = null;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    best = suggestWaves(orders);
    times.push(performance.now() - t0);
  }
  if (!best) return;
  const fcfs = suggestWaves(orders, { grouping: 'fcfs' });
  const collective = best.suggestions.filter((s) => s.total_orders > 1);
  console.log(
    `\n  b) Wellenvorschläge: ${ORDERS} Aufträge (${f(lines / ORDERS, 1)} Positionen Ø, 24 Kunden mit je 4 Regalen Zone, 10 % Positionen aus dem ganzen Lager)`,
  );
  console.log(
    `     optimiert: ${best.suggestions.length} Vorschläge (${collective.length} Sammelwellen, ${best.suggestions.filter((s) => s.is_optimal).length} mit 4 Aufträgen), ${best.unpickable_info.length} nicht kommissionierbar`,
  );
  console.log(`     FCFS:      ${fcfs.suggestions.length} Vorschläge`);
  console.log('     Laufweg gesamt             optimiert        FCFS     Verhältnis');
  console.log(
    `     alle Vorschläge       ${f(walk(best), 1).padStart(10)} m  ${f(walk(fcfs), 1).padStart(10)} m  ${f(walk(best) / walk(fcfs)).padStart(8)}   (Ziel ≤ 0,65)`,
  );
  console.log(
    `     ohne Einzelaufträge   ${f(walk(best, true), 1).padStart(10)} m  ${f(walk(fcfs, true), 1).padStart(10)} m  ${f(walk(best, true) / walk(fcfs, true)).padStart(8)}`,
  );
  // A floor for any grouping: a wave walks at least as far as the longest route of one of its orders,
  // so with ≤ 4 orders per wave the sum over every 4th longest single-order route bounds the collective waves.
  const byId = new Map(orders.map((o) => [o.id, o]));
  const singles = collective
    .flatMap((s) => s.order_ids)
    .map((id) => shortestRoute(byId.get(id)?.lines.flatMap((l) => l.locations) ?? []).length_m)
    .sort((a, b) => b - a);
  let floor = walk(best) - collective.reduce((a, s) => a + s.route_length_m, 0);
  for (let i = 0; i < singles.length; i += 4) floor += singles[i];
  console.log(
    `     untere Schranke       ${f(floor, 1).padStart(10)} m  ${' '.repeat(12)}  ${f(floor / walk(fcfs)).padStart(8)}   (keine Gruppierung dieser Aufträge kommt darunter)`,
  );
  console.log(
    `\n  c) Vorschlagszeit für ${ORDERS} Kandidaten: Median ${f(median(times), 0)} ms, max ${f(Math.max(...times), 0)} ms (5 Läufe)   (Ziel ≤ 1000 ms)`,
  );
  recordGoal({
    what: '4 Wellenvorschläge: Laufweg optimiert / FCFS',
    figure: walk(best) / walk(fcfs),
    unit: '×',
    target: 0.65,
    kind: 'max',
    digits: 2,
    beside: `untere Schranke jeder Gruppierung ${f(floor / walk(fcfs))}`,
  });
  recordGoal({ what: `4 Wellenvorschläge für ${ORDERS} Kandidaten, längster Lauf`, figure: Math.max(...times), unit: 'ms', target: 1000, kind: 'max' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('Wellenplanung (tests/bench/waves.ts)');
  benchWaves();
}
