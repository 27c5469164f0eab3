import { MOVEMENT_TYPE_LABELS, type MovementType } from '../../../shared/constants';

export function movementTypeLabel(t: string): string {
  return MOVEMENT_TYPE_LABELS[t as MovementType] ?? t;
}

export function unitLabel(u: string): string {
  return u === 'piece' ? 'Stück' : u === 'box' ? 'Karton' : u === 'pallet' ? 'Palette' : u;
}

/** The VE chips of Mein Bestand: a unit with 0 of it ("0 Palette à 240 Stück") says nothing and is left out. */
export function visibleVeUnits<U extends { total_quantity: number }>(summary: { has_ve: boolean; ve_units: U[] }): U[] {
  return summary.has_ve ? summary.ve_units.filter((u) => u.total_quantity > 0) : [];
}
