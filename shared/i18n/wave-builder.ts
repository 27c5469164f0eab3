import { type CarrierType, MAX_ORDERS_PER_WAVE } from '../constants';
import { VALIDATION } from './validation';
import { PLACE_NAMES, SHIPPING_WORDS, UI, WORDS } from './ui';

/** The button that creates a wave, on a suggestion and in the manual selection. */
const CREATE_WAVE = 'Welle erstellen';

/** Carrier types (shipping by parcel service or freight forwarder); keyed by string, since order rows carry plain text. */
const CARRIER_TYPE_LABELS: Record<string, string> = { parcel: SHIPPING_WORDS.parcel, freight: SHIPPING_WORDS.freight } satisfies Record<CarrierType, string>;

/**
 * German texts of the wave builder screen (/warehouse/wave-builder; spec
 * part 2 §2 "Wave builder", §8 "Waves/pallets"). The planner's own texts
 * (suggestion names, reasons, the response message) are in ./waves.ts and
 * come from the server.
 */
export const WAVE_UI = {
  title: PLACE_NAMES.waveBuilder,
  subtitle: `Aufträge zu Kommissionierwellen bündeln – höchstens ${MAX_ORDERS_PER_WAVE} Aufträge pro Palette`,
  backToOrders: 'Zu den Ausgangsaufträgen',

  // smart suggestions
  suggestionsTitle: 'Intelligente Vorschläge',
  suggestionsHint: 'Vorschläge nach Laufweg, Volumen und Gewicht der Palette berechnen.',
  compute: 'Vorschläge berechnen',
  recompute: 'Neu berechnen',
  noSuggestions: 'Keine Vorschläge – alle verfügbaren Aufträge sind bereits in Wellen oder nicht kommissionierbar.',
  optimal: 'OPTIMAL',
  optimalHint: `${MAX_ORDERS_PER_WAVE} Aufträge: volle Palette`,
  heavy: 'Schwerer Auftrag',
  missingData: 'Produktdaten fehlen',
  ordersCol: WORDS.orders,
  units: WORDS.pieces,
  items: WORDS.lines,
  locations: WORDS.locations,
  volume: 'Volumen',
  weight: WORDS.weight,
  routeLength: 'Laufweg',
  routeMap: 'Laufweg im Lageplan',
  routeMapLabel: (racks: string, metres: string) => `Laufweg ${metres} m: Start → ${racks} → Start`,
  start: WORDS.start,
  createFromSuggestion: CREATE_WAVE,
  unpickableTitle: 'Nicht kommissionierbare Aufträge',
  unpickableHint:
    'Für diese Aufträge fehlt Bestand. Das Lager muss die fehlenden Positionen löschen oder der Kunde muss den Auftrag anpassen, bevor sie in eine Welle können.',
  missingQuantity: (n: string) => `fehlen ${n}`,
  /** After the product title: "(EAN 400…): Gewicht, Maße". */
  missingFields: (ean: string, fields: string) => `(EAN ${ean}): ${fields}`,
  shortItem: (title: string, ean: string, missing: string) => `${title} (EAN ${ean}) – ${missing}`,

  // manual creation
  manualTitle: 'Manuell erstellen',
  manualHint: `Aufträge filtern und 1 bis ${MAX_ORDERS_PER_WAVE} auswählen.`,
  filterCustomer: WORDS.customer,
  filterCarrier: SHIPPING_WORDS.carrier,
  filterCarrierType: SHIPPING_WORDS.shippingType,
  carrierTypeAll: WORDS.all,
  carrierTypes: CARRIER_TYPE_LABELS,
  filterDateFrom: WORDS.dateFrom,
  filterDateTo: WORDS.dateTo,
  filterProduct: 'Produkt (Titel oder EAN)',
  filterOrderNumber: WORDS.orderNumber,
  apply: 'Filter anwenden',
  reset: UI.reset,
  noAvailableOrders: 'Keine verfügbaren Aufträge für diese Filter',
  waveName: 'Name der Welle (optional)',
  waveNameHint: 'Ohne Namen heißt die Welle „Welle W-…“.',
  selected: (n: number) => `${n} von ${MAX_ORDERS_PER_WAVE} ausgewählt`,
  createManual: CREATE_WAVE,
  notReserved: 'Bestand fehlt',
  loadTitle: 'Palettenlast der Auswahl',
  loadOf: (value: string, max: string) => `${value} von ${max}`,
  loadTooMuch: 'Bitte weniger oder leichtere Aufträge auswählen.',
  loadUnknown: (orders: string) => `Ohne Gewicht oder Maße, daher nicht mitgezählt: ${orders}`,
  availableOrders: 'Verfügbare Aufträge',
  selection: 'Auswahl',
  colOrder: WORDS.order,
  colCustomer: WORDS.customer,
  colRecipient: SHIPPING_WORDS.recipient,
  colCarrier: SHIPPING_WORDS.shipping,
  colItems: 'Pos.',
  colQuantity: WORDS.pieces,
  colCreated: WORDS.created,
  select: (order: string) => `${order} auswählen`,
  ordersRequired: VALIDATION.waveOrdersRequired,
  tooManyOrders: VALIDATION.waveTooManyOrders,

  // active waves
  activeTitle: 'Aktive Wellen',
  noActiveWaves: WORDS.noOpenWaves,
  pallet: WORDS.pallet,
  picker: WORDS.picker,
  none: '–',
  startWave: 'Starten',
  continueWave: UI.resume,
  wave: (number: string) => `${WORDS.wave} ${number}`,
  palletCorner: (corner: string) => `Palettenecke ${corner}`,
  deleteWave: UI.delete,
  deleteLabel: (number: string) => `${WORDS.wave} ${number} löschen`,
  deleteTitle: 'Welle löschen',
  deleteQuestion: (number: string) => `Möchten Sie die Welle ${number} wirklich löschen? Ihre Aufträge werden wieder frei.`,
  deleted: (number: string) => `Welle ${number} gelöscht`,
  created: (number: string) => `Welle ${number} erstellt`,
  started: (number: string, barcode: string) => `Welle ${number} mit Palette ${barcode} gestartet`,
  startTitle: (number: string) => `Welle ${number} starten`,
  releaseWave: UI.release,
  releaseLabel: (number: string) => `Welle ${number} freigeben`,
  releaseQuestion: (number: string, picker: string) =>
    `${picker} kommissioniert die Welle ${number}. Freigeben? Das bisher Kommissionierte bleibt gebucht; wer die Welle als Nächstes fortsetzt, übernimmt sie.`,
  released: (number: string) => `Welle ${number} freigegeben`,
  releaseError: 'Fehler beim Freigeben der Welle',
  startHint: 'Paletten-Barcode scannen (Mehrweg PAL-… oder Einweg DISP-…) oder eintippen und Enter drücken.',
  palletBarcode: WORDS.palletBarcode,
  palletPlaceholder: 'Barcode scannen',
  barcodeRequired: VALIDATION.barcodeRequired,

  // order detail dialog
  orderTitle: (number: string) => `Auftrag ${number}`,
  address: SHIPPING_WORDS.deliveryAddress,
  orderItems: WORDS.article,
  openOrder: (number: string) => `Details zu Auftrag ${number}`,
  orderPage: 'Auftragsseite',
  totalQuantity: WORDS.totalQuantity,
  noItems: WORDS.noItems,
  ean: WORDS.ean,

  // fallback errors (spec §8 "Waves/pallets", "Orders")
  loadError: UI.loadWavesError,
  createError: 'Fehler beim Erstellen der Welle',
  deleteError: UI.deleteError,
  startError: 'Fehler beim Starten der Welle',
  suggestError: 'Fehler beim Laden der Vorschläge',
  ordersError: UI.loadOrdersError,
  orderError: UI.loadOrderDetailsError,
  planError: 'Lageplan konnte nicht geladen werden – nur der Laufweg wird gezeigt.',
} as const;
