import { DHL_PARCEL_MAX_GRAMS } from '../domain/shipping';
import { errorText } from './errors';
import { formatNumber } from './format';
import { PLACE_NAMES, SHIPPING_WORDS, UI, WORDS } from './ui';
import { VALIDATION } from './validation';

/**
 * German texts of packing and shipping (spec part 2 §2 "Packing station",
 * "Simple packing view", §5 "Shipping / packing", §8). The ship schema's
 * messages (the server's 400 detail) and the screens' own form checks read
 * PACKING_VALIDATION, so both word a rule the same way.
 */
export const PACKING_VALIDATION = {
  packageCount: 'Bitte Anzahl der Pakete/Paletten eingeben',
  trackingRequired: 'Bitte Tracking-Nummer eingeben',
  trackingPerPackage: 'Bitte für jedes Paket eine Tracking-Nummer eingeben ({count} Pakete)',
  trackingTooLong: 'Tracking-Nummer ist zu lang (höchstens 50 Zeichen)',
  freightTrackingRequired: 'Bitte mindestens eine Tracking-Nummer eingeben',
  freightDimensionsRequired: 'Bitte alle Maße und Gewichte für alle Paletten eingeben',
  freightTrackingPerPallet: 'Höchstens eine Tracking-Nummer pro Palette ({count} Paletten)',
  palletDetailsInvalid: 'Palettenmaße müssen eine JSON-Liste von {length_cm, width_cm, height_cm, weight_kg} sein',
  packageWeightsRequired: 'Bitte Gewicht für alle Pakete eingeben',
  totalWeightRequired: 'Bitte Gesamtgewicht eingeben',
  weightMinimum: 'Gewicht pro Paket mindestens 0,1 kg',
  weightTooHigh: `Gewicht pro Paket höchstens ${String(DHL_PARCEL_MAX_GRAMS / 1000).replace('.', ',')} kg`,
  weightInvalid: 'Gewicht muss eine ganze Zahl in Gramm sein',
  labelWeightsInvalid: 'Paketgewichte müssen eine JSON-Liste von Grammzahlen sein',
  labelWeightsCount: 'Bitte Gewicht für alle Pakete eingeben ({count} Pakete)',
  carrierRequired: 'Bitte Versanddienstleister auswählen',
  carrierUnknown: 'Unbekannter Versanddienstleister: {carrier}',
  carrierTypeInvalid: 'Versandart muss „parcel“ (Paket) oder „freight“ (Spedition) sein',
  dhlLabelsOnlyForDhl: 'Automatische Labels gibt es nur für DHL',
  createDhlLabelsInvalid: 'create_dhl_labels muss true oder false sein',
  tooManyPackages: 'Höchstens {max} Pakete pro Sendung',
  discrepancyKindInvalid: 'Art der Abweichung muss „not_in_order“ (nicht im Auftrag) oder „over_picked“ (mehr als kommissioniert) sein',
} as const;

/** "1 DHL-Label", "2 DHL-Labels". */
const dhlLabels = (n: number) => `${n} DHL-${n === 1 ? 'Label' : 'Labels'}`;

/** Texts of the packing station and the simple packing view. */
export const PACKING_UI = {
  title: PLACE_NAMES.packing,
  subtitle: 'Palette scannen, Artikel prüfen, verpacken und versenden',
  // step scan_pallet
  scanPallet: WORDS.scanPallet,
  scanPalletHint: 'Barcode der Palette scannen oder eintippen (PAL-… oder DISP-…)',
  palletRequired: VALIDATION.barcodeRequired,
  noOrders: 'Keine Aufträge auf dieser Palette',
  ordersOnPallet: (n: number) => `${n} ${n === 1 ? WORDS.order : WORDS.orders} auf dieser Palette`,
  // step select_order
  selectOrder: 'Auftrag auswählen',
  selectOrderHint: 'Auftrag antippen oder eine EAN scannen',
  noOrderWithEan: (ean: string) => `Kein Auftrag mit EAN ${ean} auf dieser Palette gefunden`,
  allItemsPicked: 'Vollständig kommissioniert',
  notAllItemsPicked: 'Nicht vollständig kommissioniert',
  /** Lines and pieces, never one word for both (an order of 2 lines with 18 pieces is not "2 Artikel"). */
  orderSize: (lines: number, pieces: number) => `${formatNumber(lines)} ${lines === 1 ? WORDS.line : WORDS.lines} · ${formatNumber(pieces)} ${WORDS.pieces}`,
  // step verify_items
  verifyItems: 'Artikel prüfen',
  verifyHintLine: 'Ein Scan pro Position: ein Artikel jeder Position bestätigt die ganze Position',
  verifyHintPiece: 'Jedes Stück einzeln scannen',
  verifyProgress: (linesDone: number, lines: number, piecesDone: number, pieces: number) =>
    `Positionen ${linesDone} / ${lines} geprüft · Stück ${piecesDone} / ${pieces}`,
  /** A line's picked and ordered pieces (not what was scanned). */
  pickedOfOrderedLine: (picked: number, ordered: number) => `kommissioniert ${picked} / ${ordered}`,
  piecesScanned: (scanned: number, picked: number) => `${scanned} / ${picked} Stück gescannt`,
  lineVerified: 'Position geprüft',
  scanEan: WORDS.scanEan,
  wrongProduct: (ean: string) => `Produkt ${ean} gehört nicht zu diesem Auftrag!`,
  alreadyScanned: (ean: string) => `Produkt ${ean} wurde bereits gescannt`,
  overPicked: (ean: string, scanned: number, picked: number) => `Produkt ${ean}: ${scanned}-mal gescannt, aber nur ${picked} kommissioniert!`,
  scannedOk: (title: string) => `${title} geprüft`,
  pieceScanned: (title: string, scanned: number, picked: number) => `${title}: ${scanned} / ${picked} Stück`,
  allVerified: 'Alle Artikel geprüft',
  open: 'Offen',
  shortageLine: (n: number) => `Fehlmenge ${n} – nichts zu scannen`,
  toShipping: 'Weiter zum Versand',
  simpleView: 'Ohne Scan verpacken',
  order: WORDS.order,
  pallet: WORDS.pallet,
  // step ready_to_ship
  shipping: SHIPPING_WORDS.shipping,
  shippingType: SHIPPING_WORDS.shippingType,
  parcel: SHIPPING_WORDS.parcel,
  freight: SHIPPING_WORDS.freight,
  carrier: SHIPPING_WORDS.carrier,
  dhlAutomatic: 'DHL (automatische Label-Erstellung)',
  packageCount: SHIPPING_WORDS.packageCount,
  palletCount: SHIPPING_WORDS.palletCount,
  weightPerPackage: (n: number) => `Gewicht Paket ${n} (kg)`,
  totalWeight: 'Gesamtgewicht (kg)',
  totalWeightOptional: 'Gesamtgewicht (kg, optional)',
  deliveryAddress: SHIPPING_WORDS.deliveryAddress,
  trackingNumber: (n: number) => `Tracking-Nummer Paket ${n}`,
  trackingHint: 'Nach der manuellen Buchung beim Versanddienstleister eingeben',
  freightNotAvailable: 'Speditionsversand nur über die Packstation (Palette scannen)',
  /** The freight banner names the country once: Germany ships directly with the chosen carrier, abroad needs a quotation. */
  freightGermany: (country: string, carrier: string) => `Lieferland: ${country} – Direktversand mit ${carrier}`,
  freightInternational: (country: string) => `Lieferland: ${country} – Angebot einer Spedition nötig`,
  freightInternationalHint: 'Die Spedition wird unter „Speditionsanfragen“ gewählt.',
  freightCarrier: SHIPPING_WORDS.freight,
  palletTracking: (n: number) => `Tracking-Nummer Palette ${n}`,
  palletTrackingHint: 'Eine Tracking-Nummer pro Palette, mindestens eine',
  palletHeading: (n: number) => `Palette ${n}`,
  lengthCm: WORDS.lengthCm,
  widthCm: WORDS.widthCm,
  heightCm: WORDS.heightCm,
  weightKg: WORDS.weightKg,
  requestQuote: 'Speditionsangebot anfragen',
  requestingQuote: 'Wird angefragt...',
  quoteRequestedHint: 'Der Auftrag wartet jetzt unter „Speditionsanfragen“ auf ein Angebot.',
  quoteError: 'Fehler beim Anfragen des Speditionsangebots',
  palletLabels: 'Palettenlabels (PDF)',
  palletLabelsError: UI.palletLabelsError,
  halfPallet: 'Halbe Palette 80×60',
  fullPallet: 'Ganze Palette 120×80',
  shipNow: 'Jetzt versenden',
  shippingBusy: SHIPPING_WORDS.shippingBusy,
  shipped: SHIPPING_WORDS.shipped,
  labelDownloaded: 'Das Label-Fenster wurde blockiert – das PDF wurde heruntergeladen',
  weightSplitHint: 'Bei mehreren Paketen wird das Gesamtgewicht gleichmäßig auf die Pakete verteilt',
  labelsCreated: (n: number) => `${dhlLabels(n)} erstellt`,
  offline: 'Versand braucht eine Netzwerkverbindung – bitte erneut versuchen, sobald das Gerät online ist',
  dhlSettingsMissing: 'Für DHL-Labels fehlen Angaben unter Einstellungen → Versand (API-Schlüssel, Portal-Benutzer, Passwort, Abrechnungsnummer, Absender)',
  back: UI.back,
  // DHL unreachable (no connection, timeout, 5xx): no label, the order stays packed
  dhlOutageTitle: 'DHL ist nicht erreichbar',
  dhlOutageText: 'Es wurde kein Label erstellt. Der Auftrag bleibt verpackt und kann versendet werden, sobald DHL wieder erreichbar ist.',
  retry: UI.retry,
  // address correction (spec §8)
  addressCorrectionTitle: 'Adresse korrigieren',
  addressCorrectionHint: 'DHL hat die Lieferadresse abgelehnt. Bitte korrigieren, danach wird der Versand erneut versucht.',
  dhlMessage: 'Meldung von DHL',
  currentAddress: 'Aktuelle Adresse',
  addressUpdated: 'Adresse aktualisiert – Versand wird erneut versucht',
  saveAndRetry: 'Speichern & erneut versenden',
  // simple packing view
  simpleTitle: 'Verpacken',
  recipient: SHIPPING_WORDS.recipient,
  items: WORDS.article,
  autoDhlLabels: SHIPPING_WORDS.createDhlLabels,
  labelsWillBeCreated: (n: number) => `${n} Label(s) werden erstellt und automatisch geöffnet`,
  packAndShip: 'Verpacken & Versenden',
  packAndCreateDhlLabels: 'Verpacken & DHL-Labels erstellen',
  cancel: UI.cancel,
  loading: UI.loadingShort,
  // fallbacks of the error catalogue (spec §8)
  shipError: UI.shipError,
  packShipError: 'Fehler beim Verpacken/Versenden',
  addressUpdateError: UI.updateAddressError,
  palletLoadError: UI.loadPalletError,
  palletNotFound: errorText('PALLET_NOT_FOUND'),
  orderLoadError: UI.loadOrderDetailsError,
  markedShipped: 'Auftrag als versendet markiert!',
} as const;

/** The two item discrepancies the verification finds (POST /outbound-orders/{id}/item-discrepancy). */
export const ITEM_DISCREPANCY_KIND_LABELS = {
  not_in_order: 'Artikel nicht im Auftrag',
  over_picked: 'Mehr gescannt als kommissioniert',
} as const;

/** Server-side answers (message fields of the packing calls). */
export const PACKING_MESSAGES = {
  palletOrders: (n: number) => PACKING_UI.ordersOnPallet(n),
  palletEmpty: PACKING_UI.noOrders,
  packed: (orderNumber: string) => `Auftrag ${orderNumber} verpackt`,
  shippedDhl: (orderNumber: string, n: number) => `Auftrag ${orderNumber} versendet – ${PACKING_UI.labelsCreated(n)}`,
  shipped: (orderNumber: string) => PACKING_UI.shipped(orderNumber),
  /** Status log descriptions. */
  logPacked: (orderNumber: string, packages: number) => `Auftrag ${orderNumber} verpackt (${packages} ${packages === 1 ? SHIPPING_WORDS.parcel : 'Pakete'})`,
  logLabels: (orderNumber: string, n: number) => `${dhlLabels(n)} für Auftrag ${orderNumber} erstellt`,
  logShipped: (orderNumber: string, carrier: string) => `Auftrag ${orderNumber} mit ${carrier} versendet`,
  logItemDiscrepancy: (orderNumber: string, ean: string, kind: keyof typeof ITEM_DISCREPANCY_KIND_LABELS) =>
    `Auftrag ${orderNumber}: ${ITEM_DISCREPANCY_KIND_LABELS[kind]} (EAN ${ean})`,
  itemDiscrepancyLogged: (orderNumber: string) => `Artikel-Abweichung für Auftrag ${orderNumber} protokolliert`,
  logLabelFailed: (orderNumber: string, detail: string) => `DHL-Label für Auftrag ${orderNumber} fehlgeschlagen: ${detail}`,
} as const;

/**
 * Only DHL's refusal of the address (DHL_ADDRESS_INVALID) opens the
 * address-correction dialog; matching words of the message opened it for
 * outages too ("… kein Label erstellt"), where no address is wrong.
 */
export const opensAddressCorrection = (code: string | null | undefined): boolean => code === 'DHL_ADDRESS_INVALID';

/** DHL could not be reached (no connection, timeout, 429/5xx): nothing was created, the same shipment may be sent again. */
export const isDhlOutage = (code: string | null | undefined): boolean => code === 'DHL_UNAVAILABLE';
