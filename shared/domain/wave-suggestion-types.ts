import type { PickStop } from './pick-route';
import type { LoadDataField } from '../schemas/catalog';

/** The wave planner's input and output (see wave-suggestions.ts), and the facts it keeps per order. */

/** A location the order's reservation sits on (a pick stop with its id). */
export interface WaveCandidateLocation extends PickStop {
  location_id: number;
}

export interface WaveCandidateLine {
  product_id: number;
  product_ean: string;
  product_title: string;
  /** Pieces ordered. */
  quantity: number;
  /** Pieces reserved for this line (over all its locations). */
  reserved_quantity: number;
  weight_kg: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  /** Where the line's reservations are. */
  locations: WaveCandidateLocation[];
}

export interface WaveCandidate {
  id: number;
  order_number: string;
  delivery_name: string;
  lines: WaveCandidateLine[];
}

export interface SuggestWavesOptions {
  max_orders_per_wave?: number;
  /** 'shortest_walk' (default) minimises walking; 'fcfs' is the creation-order baseline. */
  grouping?: 'shortest_walk' | 'fcfs';
}

export interface MissingProductData {
  product_id: number;
  ean: string;
  title: string;
  missing: LoadDataField[];
}

export interface WaveSuggestion {
  name: string;
  reason: string;
  order_ids: number[];
  creation_method: 'suggestion';
  total_orders: number;
  total_units: number;
  total_items: number;
  total_locations: number;
  pallet_volume_used: number;
  pallet_weight_used: number;
  pallet_weight_percentage: number;
  has_heavy_order: boolean;
  has_missing_data: boolean;
  missing_product_data: MissingProductData[];
  orders: { id: number; order_number: string; delivery_name: string; total_quantity: number }[];
  route_length_m: number;
  is_optimal: boolean;
}

export interface UnpickableInfo {
  order_id: number;
  order_number: string;
  reason: string;
  items: { product_ean: string; product_title: string; missing_quantity: number }[];
}

export interface SuggestWavesResult {
  suggestions: WaveSuggestion[];
  message: string;
  unpickable_info: UnpickableInfo[];
}

// ─── per-order facts ─────────────────────────────────────────────────────────

export type Kind = 'normal' | 'heavy' | 'missing' | 'oversize';

export interface OrderFacts {
  index: number;
  c: WaveCandidate;
  kind: Kind;
  volume_l: number;
  weight_kg: number;
  units: number;
  missing: MissingProductData[];
  /** Global rack indices, ascending, distinct. */
  racks: Int32Array;
  /** Bounding box of the racks together with the origin (for the route's lower bound). */
  box: { x0: number; x1: number; y0: number; y1: number };
}
