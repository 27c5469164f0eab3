import type { RackPoint } from '../../shared/domain/pick-route';
import type { WaveCandidate, WaveCandidateLine, WaveCandidateLocation } from '../../shared/domain/wave-suggestion-types';
import { seededRandom } from './tsp-reference';

/**
 * A generated hall for the wave planner's tests and benchmark, laid out like a
 * real one: the dispatch area at the plan origin (0, 0), rack rows in pairs
 * facing an aisle, racks 2.5 m wide along the row, a 4 m cross aisle after
 * every third rack. Positions are decimetres, as the Lageplan stores them.
 *
 * The orders follow a 3PL's shape: each customer's stock sits in its own zone
 * (a few neighbouring racks), most lines of an order come from that zone, some
 * from anywhere, and the customers' orders arrive interleaved. So grouping by
 * place pays off, which is what the planner is for.
 */
export interface Hall {
  racks: (RackPoint & { rack_code: string })[];
}

export function rackCode(i: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return i < 26 ? letters[i] : letters[Math.floor(i / 26) - 1] + letters[i % 26];
}

export function makeHall(rows = 8, racksPerRow = 6): Hall {
  const racks: Hall['racks'] = [];
  for (let row = 0; row < rows; row++) {
    // rows 0|1 face aisle 0, rows 2|3 aisle 1, …: 4 m between the two rows of an aisle, 4.5 m to the next pair
    const pair = Math.floor(row / 2);
    const x = 30 + pair * 85 + (row % 2) * 40;
    for (let k = 0; k < racksPerRow; k++) {
      const y = 40 + k * 25 + Math.floor(k / 3) * 40;
      const i = racks.length;
      racks.push({ rack_id: 100 + i, rack_code: rackCode(i), position_x: x, position_y: y });
    }
  }
  return { racks };
}

export interface OrderGenOptions {
  orders: number;
  seed?: number;
  customers?: number;
  /** Share of lines taken from anywhere instead of the customer's zone. */
  spread?: number;
  /** Racks per customer zone. */
  zoneRacks?: number;
  /** Share of a customer's products stored outside its zone. */
  strayProducts?: number;
  /** Per mille of orders made heavy / missing data / not fully reserved. */
  specialsPerMille?: number;
}

export function makeOrders(hall: Hall, opts: OrderGenOptions): WaveCandidate[] {
  const rnd = seededRandom(opts.seed ?? 42);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const customers = opts.customers ?? 12;
  const spread = opts.spread ?? 0.15;
  const specials = opts.specialsPerMille ?? 0;
  const zoneRacks = opts.zoneRacks ?? 4;
  const stray = opts.strayProducts ?? 0.1;
  const n = hall.racks.length;
  // zone of customer c: consecutive racks along a row, the zones spread over the hall
  const zone = (c: number) => Array.from({ length: zoneRacks }, (_, k) => hall.racks[(Math.floor((c * n) / customers) + k) % n]);
  let productId = 1;
  let locationId = 1;
  const products = Array.from({ length: customers }, (_, c) =>
    Array.from({ length: 25 }, () => {
      const rack = rnd() >= stray ? zone(c)[int(0, zoneRacks - 1)] : hall.racks[int(0, n - 1)];
      return product(rack);
    }),
  );
  const anywhere = Array.from({ length: 60 }, () => product(hall.racks[int(0, n - 1)]));
  function product(rack: Hall['racks'][number]) {
    const id = productId++;
    const level = String(int(1, 4)).padStart(2, '0');
    const comp = String(int(1, 6)).padStart(2, '0');
    const loc: WaveCandidateLocation = { ...rack, location_id: locationId++, level_code: level, compartment_code: comp };
    const bulky = rnd() < 0.1;
    return {
      product_id: id,
      product_ean: `40000000${String(id).padStart(5, '0')}`,
      product_title: `Artikel ${id}`,
      weight_kg: Math.round((bulky ? 3 + rnd() * 10 : 0.2 + rnd() * 4) * 10) / 10,
      length_cm: bulky ? int(40, 60) : int(8, 30),
      width_cm: bulky ? int(30, 40) : int(8, 25),
      height_cm: bulky ? int(30, 50) : int(5, 20),
      loc,
    };
  }
  const out: WaveCandidate[] = [];
  for (let i = 0; i < opts.orders; i++) {
    const c = int(0, customers - 1);
    const lines: WaveCandidateLine[] = [];
    const count = int(1, 6);
    const used = new Set<number>();
    for (let k = 0; k < count; k++) {
      const p = rnd() < spread ? anywhere[int(0, anywhere.length - 1)] : products[c][int(0, products[c].length - 1)];
      if (used.has(p.product_id)) continue;
      used.add(p.product_id);
      const q = int(1, 3);
      const { loc, ...rest } = p;
      lines.push({ ...rest, quantity: q, reserved_quantity: q, locations: [loc] });
    }
    const roll = int(0, 999);
    if (roll < specials) lines[0] = { ...lines[0], weight_kg: 120, quantity: 1 };
    else if (roll < 2 * specials) lines[0] = { ...lines[0], weight_kg: null };
    else if (roll < 3 * specials) lines[0] = { ...lines[0], reserved_quantity: lines[0].quantity - 1 };
    out.push({ id: 1000 + i, order_number: `A-2026-${String(i + 1).padStart(6, '0')}`, delivery_name: `Kunde ${c + 1}`, lines });
  }
  return out;
}
