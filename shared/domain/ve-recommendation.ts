import { BASE_UNIT_LABELS } from '../constants';

/**
 * How a picker takes a quantity in packaging units (VE): whole pallets first
 * (when the product has boxes_per_pallet), then whole boxes, then loose
 * pieces, so the fewest handling units leave the shelf. A product without a
 * box size is picked in pieces only.
 */
export interface Packaging {
  units_per_box: number | null;
  boxes_per_pallet: number | null;
}

export interface VeItem {
  count: number;
  name: string;
  /** Pieces per unit of this kind. */
  unit_size: number;
}

export interface VeRecommendation {
  /** German, e.g. "2 Karton à 6 Stück + 3 Stück". */
  text: string;
  items: VeItem[];
}

const PIECE = BASE_UNIT_LABELS.piece;

export function veRecommendation(quantity: number, packaging: Packaging): VeRecommendation {
  const q = Math.max(0, Math.floor(quantity));
  const box = packaging.units_per_box && packaging.units_per_box > 1 ? packaging.units_per_box : null;
  const pallet = box && packaging.boxes_per_pallet && packaging.boxes_per_pallet > 0 ? box * packaging.boxes_per_pallet : null;
  const items: VeItem[] = [];
  let rest = q;
  if (pallet) {
    const n = Math.floor(rest / pallet);
    if (n > 0) items.push({ count: n, name: BASE_UNIT_LABELS.pallet, unit_size: pallet });
    rest -= n * pallet;
  }
  if (box) {
    const n = Math.floor(rest / box);
    if (n > 0) items.push({ count: n, name: BASE_UNIT_LABELS.box, unit_size: box });
    rest -= n * box;
  }
  if (rest > 0) items.push({ count: rest, name: PIECE, unit_size: 1 });
  const text =
    items.length === 0
      ? `0 ${PIECE}`
      : items.map((i) => (i.unit_size === 1 ? `${i.count} ${PIECE}` : `${i.count} ${i.name} à ${i.unit_size} ${PIECE}`)).join(' + ');
  return { text, items };
}
