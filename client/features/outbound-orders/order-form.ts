import { BASE_UNIT_LABELS, type BaseUnit } from '../../../shared/constants';
import { type AddressProblems, addressProblems } from '../../../shared/domain/address';
import { DEFAULT_ORDER_COUNTRY_CODE, normalizeCountry } from '../../../shared/domain/countries';
import { type DeliveryAddressDraft, type DeliveryAddressField, mapAddress } from '../../../shared/schemas/address';
import type { MyStockItem } from '../../../shared/schemas/inventory';
import { type OrderRequestInput, type OutboundOrder, VE_TYPE_LABELS, type VeType } from '../../../shared/schemas/orders';
import { VALIDATION } from '../../../shared/i18n/validation';

/**
 * The order form's rules (spec part 2 §5 "Outbound order form"), free of
 * React so they can be tested: adding a line, the availability messages,
 * and turning the form into the request body. The server checks the same
 * again (and reserves atomically); these checks only save a round trip.
 */

export const ORDER_FORM_TEXT = {
  chooseArticle: VALIDATION.chooseArticle,
  duplicate: VALIDATION.articleDuplicate,
  quantity: VALIDATION.quantityPositive,
  veNotFound: 'Verpackungseinheit nicht gefunden',
  itemsRequired: VALIDATION.itemsRequired,
  pendingLine: 'Der gewählte Artikel ist noch nicht im Auftrag: bitte „Artikel hinzufügen“ klicken oder die Auswahl auf „– Artikel wählen –“ zurücksetzen.',
  ownStockLabel: 'Artikel aus meinem Bestand',
  customerStockLabel: 'Artikel aus dem Bestand des Kunden',
  looseWarning: 'Achtung: Bestellung loser Stückzahlen außerhalb der Verpackungseinheit (VE) verursacht zusätzlichen Aufwand und Kosten.',
} as const;

export interface DraftItem {
  product_id: number;
  title: string;
  ean: string;
  image_url: string | null;
  base_unit: string;
  mode: 've' | 'loose';
  ve_type: VeType | null;
  ve_count: number;
  ve_unit_size: number | null;
  quantity: number;
  notes: string;
}

export interface OrderDraft extends DeliveryAddressDraft {
  notes: string;
  items: DraftItem[];
}

/** The form's text for an address ('' where a field is empty or null). */
export function addressDraftOf(a: { [K in DeliveryAddressField]?: string | null }): DeliveryAddressDraft {
  return mapAddress((k) => a[k] ?? '');
}

export const emptyDraft = (): OrderDraft => ({
  ...addressDraftOf({ delivery_country: DEFAULT_ORDER_COUNTRY_CODE }),
  notes: '',
  items: [],
});

export function draftFromOrder(o: OutboundOrder): OrderDraft {
  return {
    ...addressDraftOf(o),
    delivery_country: normalizeCountry(o.delivery_country) ?? o.delivery_country,
    notes: o.notes ?? '',
    items: o.items.map((i) => ({
      product_id: i.product_id,
      title: i.product_title,
      ean: i.product_ean,
      image_url: i.product.image_url,
      base_unit: i.unit,
      mode: i.selected_ve_type ? 've' : 'loose',
      ve_type: (i.selected_ve_type as VeType | null) ?? null,
      ve_count: i.selected_ve_quantity ?? 0,
      ve_unit_size: i.selected_ve_unit_size,
      quantity: i.quantity,
      notes: i.notes ?? '',
    })),
  };
}

export function unitLabel(unit: string): string {
  return BASE_UNIT_LABELS[unit as BaseUnit] ?? unit;
}

/**
 * What the customer may still order of a product: the free stock plus what
 * the order being edited holds already (the edit gives it back first).
 */
export function availableFor(stock: MyStockItem, ownReserved: number): { available: number; reserved: number } {
  return { available: stock.available_quantity + ownReserved, reserved: Math.max(0, stock.reserved_quantity - ownReserved) };
}

export function veUnitsOf(stock: MyStockItem): Array<{ type: VeType; pieces_per_unit: number }> {
  return stock.ve_summary.has_ve ? stock.ve_summary.ve_units.map((u) => ({ type: u.type, pieces_per_unit: u.pieces_per_unit })) : [];
}

export interface NewLine {
  stock: MyStockItem | null;
  mode: 've' | 'loose';
  ve_type: VeType | null;
  ve_count: number;
  quantity: number;
  notes: string;
}

/** Checks a line before it is added; returns the German message or the line. */
export function buildLine(line: NewLine, existing: DraftItem[], ownReserved: number): { error: string } | { item: DraftItem } {
  const s = line.stock;
  if (!s) return { error: ORDER_FORM_TEXT.chooseArticle };
  if (existing.some((i) => i.product_id === s.product_id)) return { error: ORDER_FORM_TEXT.duplicate };
  const { available, reserved } = availableFor(s, ownReserved);
  const base = { product_id: s.product_id, title: s.title, ean: s.ean, image_url: s.image_url, base_unit: s.base_unit, notes: line.notes.trim() };
  if (line.mode === 've') {
    const ve = veUnitsOf(s).find((u) => u.type === line.ve_type);
    if (!ve || !line.ve_type) return { error: ORDER_FORM_TEXT.veNotFound };
    if (!Number.isInteger(line.ve_count) || line.ve_count <= 0) return { error: ORDER_FORM_TEXT.quantity };
    const units = Math.floor(available / ve.pieces_per_unit);
    if (line.ve_count > units) return { error: `Nur ${units} ${VE_TYPE_LABELS[line.ve_type]} verfügbar` };
    return {
      item: {
        ...base,
        mode: 've',
        ve_type: line.ve_type,
        ve_count: line.ve_count,
        ve_unit_size: ve.pieces_per_unit,
        quantity: line.ve_count * ve.pieces_per_unit,
      },
    };
  }
  if (!Number.isInteger(line.quantity) || line.quantity <= 0) return { error: ORDER_FORM_TEXT.quantity };
  if (line.quantity > available) return { error: `Nur ${available} ${unitLabel(s.base_unit)} verfügbar (${reserved} reserviert)` };
  return { item: { ...base, mode: 'loose', ve_type: null, ve_count: 0, ve_unit_size: null, quantity: line.quantity } };
}

/** `pending`: the line being composed; a chosen but not added article must not be dropped silently on save. */
export function draftProblems(d: OrderDraft, pending: NewLine | null = null): { fields: AddressProblems; items: string | null } {
  return {
    fields: addressProblems(d),
    items: pending?.stock ? ORDER_FORM_TEXT.pendingLine : d.items.length === 0 ? ORDER_FORM_TEXT.itemsRequired : null,
  };
}

export function toRequest(d: OrderDraft): OrderRequestInput {
  return {
    ...mapAddress((k) => d[k].trim()),
    delivery_email: d.delivery_email.trim() || null,
    notes: d.notes.trim() || null,
    items: d.items.map((i) =>
      i.mode === 've' && i.ve_type
        ? {
            product_id: i.product_id,
            quantity: i.quantity,
            unit: 'piece',
            notes: i.notes || null,
            selected_ve_type: i.ve_type,
            selected_ve_quantity: i.ve_count,
            selected_ve_unit_size: i.ve_unit_size,
          }
        : { product_id: i.product_id, quantity: i.quantity, unit: i.base_unit || 'piece', notes: i.notes || null },
    ),
  };
}

/** "3 × Karton (6 Stk.) = 18 Stück" / "5 Stück" */
export function lineText(i: {
  quantity: number;
  unit: string;
  selected_ve_type?: string | null;
  selected_ve_quantity?: number | null;
  selected_ve_unit_size?: number | null;
}): string {
  const unit = unitLabel(i.unit);
  if (i.selected_ve_type && i.selected_ve_quantity) {
    const label = VE_TYPE_LABELS[i.selected_ve_type as VeType] ?? i.selected_ve_type;
    return `${i.selected_ve_quantity} × ${label} (${i.selected_ve_unit_size ?? '?'} Stk.) = ${i.quantity} ${unit}`;
  }
  return `${i.quantity} ${unit}`;
}
