import { MOVEMENT_TYPE_LABELS, type MovementType } from '../../../shared/constants';

export function movementTypeLabel(t: string): string {
  return MOVEMENT_TYPE_LABELS[t as MovementType] ?? t;
}

export function unitLabel(u: string): string {
  return u === 'piece' ? 'Stück' : u === 'box' ? 'Karton' : u === 'pallet' ? 'Palette' : u;
}
