import type { MissingField } from '../schemas/catalog';
import { LABEL_OUTPUT_TEXTS } from './labels';
import { SHIPPING_WORDS, UI, WORDS } from './ui';
/**
 * German names of API fields, used to name the field in a 400 validation detail
 * and as the form labels of the screens (FIELD_LABELS.delivery_name), so a form
 * and the server's error name a field alike.
 * Add the fields of your area here (one entry per field name, shared across areas).
 */
// Labels that several field names share.
const PIECES_PER_BOX = 'Stück pro Karton';
const ARTICLE = WORDS.article;
const CITY = WORDS.place;
const POSTAL_CODE = 'PLZ';
const COUNTRY = 'Land';
const USER = WORDS.user;
const PRICE_CENTS = 'Preis (Cent)';
const NAME = 'Name';
const EAN = 'EAN';
const IMAGE = 'Bild';
const PACKAGING_UNIT = 'Verpackungseinheit';

export const FIELD_LABELS = {
  email: 'E-Mail',
  password: 'Passwort',
  old_password: 'Altes Passwort',
  new_password: 'Neues Passwort',
  current_password: 'Aktuelles Passwort',
  qr_token: 'QR-Code',
  username: 'Benutzername',
  full_name: NAME,
  role: 'Rolle',
  customer_id: WORDS.customer,
  customer_ids: 'Kunden',
  work_room_ids: 'Arbeitsbereich',
  userId: USER,
  active_only: 'Nur aktive',
  is_exclude: 'Zugriffsmodus',
  is_admin: 'Administrator',
  is_active: UI.active,
  is_blocked: 'Gesperrt',
  company_name: 'Firmenname',
  customer_number: 'Kundennummer',
  contact_person: 'Ansprechpartner',
  phone: 'Telefon',
  address_line1: 'Adresszeile 1',
  address_line2: 'Adresszeile 2',
  postal_code: POSTAL_CODE,
  city: CITY,
  country: COUNTRY,
  notes: 'Notizen',
  ean: EAN,
  title: 'Produkttitel',
  description: 'Beschreibung',
  quantity: WORDS.quantity,
  location_barcode: 'Lagerplatz-Barcode',
  from_location_barcode: 'Von Lagerplatz',
  to_location_barcode: 'Nach Lagerplatz',
  // stock corrections (shared/schemas/stock-adjustment.ts)
  quantity_delta: 'Mengenänderung',
  adjustment_reason: 'Grund der Korrektur',
  movement_type: WORDS.type,
  location_id: 'Lagerplatz',
  // stocktake (docs/operations.md "Stocktake")
  location_ids: UI.locations,
  rack_ids: 'Regale',
  blind: 'Blindzählung',
  query: WORDS.searchTerm,
  limit: WORDS.count,
  id: 'ID',
  name: NAME,
  building_code: 'Gebäudecode',
  building_id: 'Gebäude',
  room_code: 'Raumcode',
  room_id: 'Raum',
  room_type: 'Raumtyp',
  address: 'Adresse',
  rack_code: 'Regalcode',
  level_code: 'Ebenencode',
  compartment_code: 'Fachcode',
  position_x: 'Position X',
  position_y: 'Position Y',
  key: 'Schlüssel',
  value: 'Wert',
  category: 'Kategorie',
  base_unit: 'Basiseinheit',
  units_per_box: PIECES_PER_BOX,
  boxes_per_pallet: 'Kartons pro Palette',
  weight_kg: WORDS.weightKg,
  length_cm: WORDS.lengthCm,
  width_cm: WORDS.widthCm,
  height_cm: WORDS.heightCm,
  image_url: 'Bild-URL',
  expected_date: 'Anlieferdatum',
  expected_date_to: 'Anlieferdatum bis',
  reference_number: 'Referenznummer',
  items: ARTICLE,
  unit: 'Einheit',
  batch_number: 'Chargennummer',
  expiry_date: 'Mindesthaltbarkeitsdatum',
  notification_id: 'Avisierung',
  packaging_level1: 'Großkarton',
  packaging_level2: 'Kleinkarton',
  quantity_per_unit: PIECES_PER_BOX,
  total_units: 'Anzahl Kartons',
  productId: 'Produkt',
  delivery_name: SHIPPING_WORDS.recipient,
  delivery_email: 'E-Mail des Empfängers',
  delivery_address: 'Straße und Hausnummer',
  delivery_city: CITY,
  delivery_postal_code: POSTAL_CODE,
  delivery_country: COUNTRY,
  product_id: ARTICLE,
  page: 'Seite',
  page_size: 'Seitengröße',
  before_id: 'Ältere Buchungen ab',
  after_product_id: 'Weiter ab Artikel',
  after: 'Weiter nach Lagerplatz',
  only_differences: 'Nur Differenzen',
  after_customer_id: 'Weiter ab Kunde',
  status_filter: 'Statusfilter',
  clientId: 'Geräte-ID',
  mutations: 'Änderungen',
  cookie: 'Synchronisationsstand',
  keepa_data: 'Keepa-Daten',
  user_id: USER,
  protocolVersion: 'Protokollversion',
  schemaVersion: 'Datenstand-Version',
  args: 'Buchungsdaten',
  'idempotency-key': 'Idempotency-Key',
  levels: 'Anzahl Ebenen',
  compartments_per_level: 'Fächer pro Ebene',
  compartments: 'Anzahl Fächer',
  rack_id: 'Regal',
  level_id: 'Ebene',
  skip: WORDS.start,
  filter: WORDS.filter,
  sort: 'Sortierung',
  dir: 'Sortierrichtung',
  include_inactive: 'Inaktive anzeigen',
  barcode: WORDS.barcode,
  count: WORDS.count,
  active: UI.active,
  // profile, outbound orders, settings, sync
  sound_enabled: 'Töne',
  language: 'Sprache',
  status: WORDS.status,
  selected_ve_type: PACKAGING_UNIT,
  selected_ve_quantity: 'Anzahl Verpackungseinheiten',
  selected_ve_unit_size: 'Stück pro Verpackungseinheit',
  q: WORDS.searchTerm,
  is_encrypted: 'Verschlüsselt',
  createdAt: 'Erstellt am',
  // picking waves, carts and progress
  pallet_barcode: WORDS.palletBarcode,
  order_ids: WORDS.orders,
  order_id: WORDS.order,
  assignments: 'Paletten-Zuordnungen',
  creation_method: 'Erstellungsart',
  product_ean: EAN,
  current_item_index: 'Aktueller Artikel',
  current_location_index: 'Aktueller Lagerplatz',
  scan_step: 'Scan-Schritt',
  picked_items: 'Gepickte Artikel',
  missing_quantity: WORDS.shortage,
  note: 'Notiz',
  customer_name: 'Kundenname',
  carrier: SHIPPING_WORDS.carrier,
  carrier_type: SHIPPING_WORDS.shippingType,
  // packing and shipping (shared/schemas/packing.ts)
  num_packages: SHIPPING_WORDS.packageCount,
  total_weight_grams: SHIPPING_WORDS.totalWeightGrams,
  num_labels: SHIPPING_WORDS.packageCount,
  total_weight: SHIPPING_WORDS.totalWeightGrams,
  label_weights: 'Paketgewichte (g)',
  tracking_number: SHIPPING_WORDS.trackingNumber,
  create_dhl_labels: SHIPPING_WORDS.createDhlLabels,
  kind: 'Art der Abweichung',
  scanned_quantity: 'Gescannte Menge',
  // freight (shared/schemas/freight.ts)
  num_pallets: SHIPPING_WORDS.palletCount,
  pallet_details: 'Palettenangaben',
  pallet_dimensions: 'Palettenmaße',
  length: WORDS.lengthCm,
  width: WORDS.widthCm,
  height: WORDS.heightCm,
  weight: WORDS.weightKg,
  price: PRICE_CENTS,
  date_from: WORDS.dateFrom,
  date_to: WORDS.dateTo,
  product_search: 'Artikelsuche',
  search: 'Suche',
  order_number: WORDS.orderNumber,
  max_orders_per_wave: 'Aufträge pro Welle',
  // status logs and alerts
  wave_id: WORDS.waveId,
  cart_id: WORDS.cartId,
  event_type: 'Ereignis',
  from_date: WORDS.dateFrom,
  to_date: WORDS.dateTo,
  hours_back: 'Zeitraum (Stunden)',
  range: WORDS.period,
  // returns (docs/operations.md "Returns")
  outbound_order_id: WORDS.order,
  reason: WORDS.reason,
  condition: 'Zustand',
  disposition: 'Verbleib',
  code: 'Auftrags- oder Sendungsnummer',
  // billing (docs/operations.md "Billing (Abrechnung)")
  date: 'Stichtag',
  rates: 'Preise',
  price_cents: PRICE_CENTS,
  period_from: 'Zeitraum von',
  period_to: 'Zeitraum bis',
  // CSV order import (docs/integrations.md "CSV order import"): the order's extra fields, the query and the file's columns
  order_reference: 'Bestellreferenz',
  delivery_company: 'Firma des Empfängers',
  delivery_phone: 'Telefon des Empfängers',
  dry_run: 'Nur prüfen',
  recipient_name: SHIPPING_WORDS.recipient,
  street: 'Straße',
  house_number: 'Hausnummer',
  country_code: 'Ländercode',
  company: WORDS.company,
  packaging_unit: PACKAGING_UNIT,
  // webhooks (shared/schemas/webhooks.ts)
  url: 'URL',
  events: 'Ereignisse',
  secret: 'Geheimnis',
  // label downloads (docs/integrations.md "Label printers (ZPL)")
  format: LABEL_OUTPUT_TEXTS.settingLabel,
} as const satisfies Record<string, string>;

/** German names of the product data a product may lack (the codes of shared/schemas/catalog.ts), for display only. */
export const MISSING_FIELD_LABELS: Readonly<Record<MissingField, string>> = { weight: WORDS.weight, dimensions: 'Maße', image: IMAGE };

/** The words around a field label: a whole request, a list position. */
export const DEVICE_FIELD_WORDS = {
  request: 'Anfrage',
  position: '{label} (Position {n})',
} as const;

/** The same labels, looked up by any field name (paths of a validation error). */
export const fieldLabels: Readonly<Record<string, string>> = FIELD_LABELS;

export function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  const last = names[names.length - 1];
  if (!last) return DEVICE_FIELD_WORDS.request;
  // Every declared input field has a label (tests/server/errors/field-labels.test.ts); a name without one is a
  // key the client made up, so it is quoted as sent and marked as unknown rather than passed off as a field.
  const label = fieldLabels[last] ?? `Unbekannte Angabe „${last}“`;
  const index = path.find((p) => typeof p === 'number');
  return typeof index === 'number' ? DEVICE_FIELD_WORDS.position.replace('{label}', label).replace('{n}', String(index + 1)) : label;
}
