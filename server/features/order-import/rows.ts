import type { z } from 'zod';
import { addressProblems } from '../../../shared/domain/address';
import { normalizeCountry } from '../../../shared/domain/countries';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { ORDER_IMPORT_MESSAGES as M } from '../../../shared/i18n/order-import';
import { VALIDATION } from '../../../shared/i18n/validation';
import { DeliveryAddress, type DeliveryAddressField } from '../../../shared/schemas/address';
import { IMPORT_HEAD_COLUMNS, type ImportColumn, type OrderImportLine, type OrderImportRowError, packagingUnitOf } from '../../../shared/schemas/order-import';
import { OrderItemInput, type OrderRequest, OrderSource, VE_TYPE_LABELS, type VeType } from '../../../shared/schemas/orders';
import { veUnitSize } from '../outbound-orders/order-input';
import type { CsvRecord } from './parse';

/**
 * Rows of the import file → order requests, checked row by row with the
 * schemas and rules of POST /outbound-orders (DeliveryAddress, OrderSource,
 * OrderItemInput, shared/domain/address.ts), so every bad row of a file is
 * reported at once with its column (docs/integrations.md "CSV order import").
 * The service then books each order through createOrder, which checks again.
 */

/** A product the customer stores, by EAN (the same rule as prepareItems: a stock row of the customer). */
export interface ImportProduct {
  id: number;
  ean: string;
  title: string;
  units_per_box: number | null;
  boxes_per_pallet: number | null;
}

export interface ImportContext {
  products: Map<string, ImportProduct>;
  activeCountries: Set<string>;
}

export interface ImportOrder {
  reference: string;
  firstLine: number;
  request: OrderRequest;
  source: OrderSource;
  recipient: string;
  lines: Array<OrderImportLine & { product_id: number }>;
}

const ImportHead = DeliveryAddress.extend(OrderSource.shape);
type ImportHeadField = keyof z.input<typeof ImportHead>;

/** Which column of the file a field of the order request comes from. */
const COLUMN_OF: Record<ImportHeadField, ImportColumn> = {
  delivery_name: 'recipient_name',
  delivery_email: 'email',
  delivery_address: 'street',
  delivery_city: 'city',
  delivery_postal_code: 'postal_code',
  delivery_country: 'country_code',
  order_reference: 'order_reference',
  delivery_company: 'company',
  delivery_phone: 'phone',
};

/** A quantity as typed: whole digits become a number; anything else goes to the schema as text and is refused there. */
function quantityOf(text: string): number | string | undefined {
  if (!text) return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

type RowResult = { ok: true; order: ImportOrder } | { ok: false; errors: OrderImportRowError[] };

function checkRow(r: CsvRecord, ctx: ImportContext): RowResult {
  const v = r.values;
  const errors: OrderImportRowError[] = [];
  const fail = (field: ImportColumn, detail: string) => errors.push({ row: r.line, field, detail });
  const head = ImportHead.safeParse({
    delivery_name: v.recipient_name,
    delivery_email: v.email || null,
    delivery_address: `${v.street} ${v.house_number}`.trim(),
    delivery_city: v.city,
    delivery_postal_code: v.postal_code,
    delivery_country: v.country_code,
    order_reference: v.order_reference,
    delivery_company: v.company || null,
    delivery_phone: v.phone || null,
  });
  if (!head.success) {
    for (const i of head.error.issues) fail(COLUMN_OF[i.path[0] as ImportHeadField] ?? 'order_reference', i.message);
  } else {
    const code = normalizeCountry(head.data.delivery_country);
    if (!code || !ctx.activeCountries.has(code)) fail('country_code', errorText('ORDER_COUNTRY_UNKNOWN', { country: v.country_code }));
    const problems = addressProblems({ ...head.data, delivery_country: code ?? head.data.delivery_country });
    for (const [f, detail] of Object.entries(problems) as Array<[DeliveryAddressField, string]>) {
      fail(f === 'delivery_address' && v.street ? 'house_number' : COLUMN_OF[f], detail);
    }
  }
  const ve = packagingUnitOf(v.packaging_unit);
  const quantity = quantityOf(v.quantity);
  const item = OrderItemInput.safeParse({
    product_id: 1,
    ...(ve ? { selected_ve_type: ve, selected_ve_quantity: quantity } : { quantity }),
    ...(ve === undefined ? { selected_ve_type: v.packaging_unit } : {}),
  });
  if (!item.success) {
    for (const i of item.error.issues) fail(i.path[0] === 'selected_ve_type' ? 'packaging_unit' : 'quantity', i.message);
  } else if (quantity === undefined) {
    fail('quantity', VALIDATION.quantityPositive);
  }
  const product = ctx.products.get(v.ean);
  if (!v.ean) fail('ean', VALIDATION.requiredFieldsMissing);
  else if (!product) fail('ean', errorText('ORDER_PRODUCT_NOT_FOUND'));
  else if (ve && !veUnitSize(ve, product)) fail('packaging_unit', errorText('ORDER_VE_TYPE_NOT_FOUND', { type: VE_TYPE_LABELS[ve], title: product.title }));
  if (errors.length > 0 || !head.success || !item.success || !product || typeof quantity !== 'number') return { ok: false, errors };
  const { order_reference, delivery_company, delivery_phone, ...address } = head.data;
  const packaging: VeType | null = ve ?? null;
  return {
    ok: true,
    order: {
      reference: order_reference,
      firstLine: r.line,
      request: { ...address, notes: null, customer_id: null, items: [{ ...item.data, product_id: product.id }] },
      source: { order_reference, delivery_company, delivery_phone },
      recipient: address.delivery_name,
      lines: [{ row: r.line, ean: product.ean, title: product.title, quantity, packaging_unit: packaging, product_id: product.id }],
    },
  };
}

/** The rows grouped into orders by reference, or every refusal (sorted by line). */
export function ordersFromRows(records: CsvRecord[], ctx: ImportContext): { orders: ImportOrder[]; errors: OrderImportRowError[] } {
  const errors: OrderImportRowError[] = [];
  const byRef = new Map<string, { order: ImportOrder; record: CsvRecord }>();
  for (const r of records) {
    const res = checkRow(r, ctx);
    if (!res.ok) {
      errors.push(...res.errors);
      continue;
    }
    const row = res.order;
    const first = byRef.get(row.reference);
    if (!first) {
      byRef.set(row.reference, { order: row, record: r });
      continue;
    }
    const differs = IMPORT_HEAD_COLUMNS.find((c) => first.record.values[c] !== r.values[c]);
    if (differs) {
      errors.push({ row: r.line, field: differs, detail: formatMessage(M.otherAddress, { row: first.record.line }) });
      continue;
    }
    const twice = first.order.lines.find((l) => l.product_id === row.lines[0].product_id);
    if (twice) {
      errors.push({ row: r.line, field: 'ean', detail: formatMessage(M.eanTwice, { row: twice.row }) });
      continue;
    }
    first.order.lines.push(row.lines[0]);
    first.order.request.items.push(row.request.items[0]);
  }
  errors.sort((a, b) => a.row - b.row);
  return { orders: [...byRef.values()].map((x) => x.order), errors };
}
