import { describe, expect, it } from 'vitest';
import { buildLine, type DraftItem, draftProblems, emptyDraft, type NewLine, toRequest } from '../../../client/features/outbound-orders/order-form';
import type { MyStockItem } from '../../../shared/schemas/inventory';

const stock = (over: Partial<MyStockItem> = {}): MyStockItem => ({
  product_id: 1,
  ean: '4006381333009',
  title: 'Bio-Kaffeebohnen 1 kg',
  description: null,
  image_url: null,
  base_unit: 'piece',
  available_quantity: 20,
  reserved_quantity: 4,
  blocked_quantity: 0,
  total_quantity: 24,
  location_count: 1,
  locations: [],
  ve_summary: { has_ve: true, ve_units: [{ type: 'box', pieces_per_unit: 6, total_quantity: 3 }] },
  ...over,
});
const line = (over: Partial<NewLine> = {}): NewLine => ({ stock: stock(), mode: 'loose', ve_type: null, ve_count: 1, quantity: 1, notes: '', ...over });

describe('order form lines', () => {
  it('needs an article', () => {
    expect(buildLine(line({ stock: null }), [], 0)).toEqual({ error: 'Bitte wähle einen Artikel aus' });
  });
  it('refuses a product twice', () => {
    const ok = buildLine(line(), [], 0);
    if (!('item' in ok)) throw new Error('expected item');
    expect(buildLine(line(), [ok.item as DraftItem], 0)).toEqual({ error: 'Artikel bereits hinzugefügt. Entferne ihn zuerst.' });
  });
  it('loose above available: "Nur X Einheit verfügbar (Y reserviert)"', () => {
    expect(buildLine(line({ quantity: 21 }), [], 0)).toEqual({ error: 'Nur 20 Stück verfügbar (4 reserviert)' });
    // Editing: the order's own 4 reserved count as available.
    expect('item' in buildLine(line({ quantity: 24 }), [], 4)).toBe(true);
    expect(buildLine(line({ quantity: 25 }), [], 4)).toEqual({ error: 'Nur 24 Stück verfügbar (0 reserviert)' });
  });
  it('VE: "Nur X Typ verfügbar", unknown type is an error, quantity = count × size', () => {
    expect(buildLine(line({ mode: 've', ve_type: 'box', ve_count: 4 }), [], 0)).toEqual({ error: 'Nur 3 Karton verfügbar' });
    expect(buildLine(line({ mode: 've', ve_type: 'pallet', ve_count: 1 }), [], 0)).toEqual({ error: 'Verpackungseinheit nicht gefunden' });
    const r = buildLine(line({ mode: 've', ve_type: 'box', ve_count: 3 }), [], 0);
    expect(r).toMatchObject({ item: { quantity: 18, ve_unit_size: 6, ve_count: 3 } });
    expect(buildLine(line({ mode: 've', ve_type: 'box', ve_count: 0 }), [], 0)).toEqual({ error: 'Menge muss größer als 0 sein' });
  });
  it('draft needs an address and an item; request carries VE data', () => {
    const d = emptyDraft();
    expect(d.delivery_country).toBe('DE');
    expect(draftProblems(d).items).toBe('Bitte mindestens einen Artikel hinzufügen');
    const r = buildLine(line({ mode: 've', ve_type: 'box', ve_count: 2 }), [], 0);
    if (!('item' in r)) throw new Error('expected item');
    const body = toRequest({ ...d, delivery_name: 'A', delivery_address: 'Weg 1', delivery_postal_code: '10117', delivery_city: 'Berlin', items: [r.item] });
    expect(body.items[0]).toEqual({
      product_id: 1,
      quantity: 12,
      unit: 'piece',
      notes: null,
      selected_ve_type: 'box',
      selected_ve_quantity: 2,
      selected_ve_unit_size: 6,
    });
    expect(body.delivery_email).toBeNull();
  });
  it('refuses to save while an article is chosen but not added', () => {
    const r = buildLine(line({ quantity: 2 }), [], 0);
    if (!('item' in r)) throw new Error('expected item');
    const d = { ...emptyDraft(), items: [r.item] };
    expect(draftProblems(d, line({ quantity: 3 })).items).toMatch(/noch nicht im Auftrag/);
    expect(draftProblems(d, { ...line({}), stock: null }).items).toBeNull();
    expect(draftProblems({ ...d, items: [] }, line({})).items).toMatch(/noch nicht im Auftrag/);
  });
});
