import { describe, expect, it } from 'vitest';
import { veRecommendation } from '../../shared/domain/ve-recommendation';

describe('veRecommendation', () => {
  it('boxes first, then loose pieces', () => {
    expect(veRecommendation(15, { units_per_box: 6, boxes_per_pallet: null })).toEqual({
      text: '2 Karton à 6 Stück + 3 Stück',
      items: [
        { count: 2, name: 'Karton', unit_size: 6 },
        { count: 3, name: 'Stück', unit_size: 1 },
      ],
    });
  });

  it('whole pallets before boxes when boxes_per_pallet is set', () => {
    const r = veRecommendation(24 + 12 + 1, { units_per_box: 6, boxes_per_pallet: 4 });
    expect(r.text).toBe('1 Palette à 24 Stück + 2 Karton à 6 Stück + 1 Stück');
    expect(r.items.reduce((s, i) => s + i.count * i.unit_size, 0)).toBe(37);
  });

  it('exact boxes have no loose rest', () => {
    expect(veRecommendation(12, { units_per_box: 6, boxes_per_pallet: 4 }).text).toBe('2 Karton à 6 Stück');
  });

  it('without VE the quantity is pieces', () => {
    expect(veRecommendation(5, { units_per_box: null, boxes_per_pallet: null })).toEqual({
      text: '5 Stück',
      items: [{ count: 5, name: 'Stück', unit_size: 1 }],
    });
    // A pallet size without a box size means nothing: pieces.
    expect(veRecommendation(5, { units_per_box: null, boxes_per_pallet: 10 }).text).toBe('5 Stück');
  });

  it('nothing to pick', () => {
    expect(veRecommendation(0, { units_per_box: 6, boxes_per_pallet: 4 })).toEqual({ text: '0 Stück', items: [] });
  });
});
