import { describe, expect, it } from 'vitest';
import { visibleVeUnits } from '../../client/features/inventory/MovementTypeLabel';

/** Mein Bestand once showed "0 Palette à 240 Stück" for less than one pallet. */
describe('VE chips of Mein Bestand', () => {
  const box = { type: 'box' as const, total_quantity: 3, pieces_per_unit: 12 };
  const emptyPallet = { type: 'pallet' as const, total_quantity: 0, pieces_per_unit: 240 };

  it('leaves out a unit with 0 of it and keeps the others', () => {
    expect(visibleVeUnits({ has_ve: true, ve_units: [box, emptyPallet] })).toEqual([box]);
  });

  it('shows nothing when every unit is 0 or the product has no VE', () => {
    expect(visibleVeUnits({ has_ve: true, ve_units: [emptyPallet] })).toEqual([]);
    expect(visibleVeUnits({ has_ve: false, ve_units: [box] })).toEqual([]);
  });
});
