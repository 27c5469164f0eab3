import { PACKING_VALIDATION } from './packing';
import { SHIPPING_WORDS, UI, WORDS } from './ui';
/**
 * German texts of freight shipping: the quotation dashboard (spec part 2 §2
 * "Freight quotations", §5 "Freight quotation", §8), the server's answers,
 * the forwarder e-mail and the pallet labels.
 */
export const FREIGHT_VALIDATION = {
  priceInvalid: 'Preis muss ein ganzzahliger Betrag in Cent sein',
  priceNegative: 'Preis darf nicht negativ sein',
  trackingRequired: PACKING_VALIDATION.trackingRequired,
  palletCount: 'Anzahl Paletten muss eine ganze Zahl ab 1 sein',
  palletDimensionsCount: 'Bitte Maße und Gewicht für jede Palette angeben ({count} Paletten)',
  dimensionsRequired: PACKING_VALIDATION.freightDimensionsRequired,
  notesTooLong: 'Notizen höchstens 2000 Zeichen',
  carrierTooLong: 'Spedition höchstens 50 Zeichen',
  /** After the field label: the smallest value the pallet's column keeps above 0 (0.1 cm, 0.01 kg). */
  dimensionTooSmall: 'muss mindestens 0,1 cm sein',
  weightTooSmall: 'muss mindestens 0,01 kg sein',
} as const;

export const FREIGHT_UI = {
  title: 'Speditionsanfragen',
  subtitle: 'Angebote für Speditionsversand ins Ausland einholen und versenden',
  openCount: (n: number) => `${n} ${n === 1 ? 'offene Anfrage' : 'offene Anfragen'}`,
  empty: 'Keine offenen Speditionsanfragen',
  loadError: 'Fehler beim Laden der Quotierungen',
  saveError: 'Fehler beim Speichern der Quotierung',
  shipError: UI.shipError,
  templateError: 'Fehler beim Generieren der Email-Vorlage',
  copied: 'Email-Vorlage in Zwischenablage kopiert!',
  colOrder: WORDS.order,
  colCustomer: WORDS.customer,
  colAddress: SHIPPING_WORDS.deliveryAddress,
  colPallets: WORDS.pallets,
  colOffer: 'Angebot',
  colActions: WORDS.actions,
  requestedAt: (when: string) => `angefragt ${when}`,
  noOffer: 'Noch kein Angebot',
  pallet: (n: number, l: string, w: string, h: string, kg: string) => `Palette ${n}: ${l} × ${w} × ${h} cm, ${kg} kg`,
  copyTemplate: 'Email-Vorlage kopieren',
  enterOffer: 'Angebot eingeben',
  editOffer: 'Angebot bearbeiten',
  ship: 'Versenden',
  offerTitle: (orderNumber: string) => `Angebot für Auftrag ${orderNumber}`,
  price: 'Preis (€)',
  notes: 'Notizen (optional)',
  save: UI.save,
  saving: 'Speichert...',
  shipTitle: (orderNumber: string) => `Auftrag ${orderNumber} versenden`,
  trackingNumber: SHIPPING_WORDS.trackingNumber,
  carrier: SHIPPING_WORDS.freight,
  shipWarning: 'Nach dem Versenden verschwindet der Auftrag aus der Liste der offenen Anfragen.',
  shipNow: 'Als versendet markieren',
  shipping: SHIPPING_WORDS.shippingBusy,
  saved: 'Angebot gespeichert',
  shippedToast: SHIPPING_WORDS.shipped,
  palletLabels: 'Palettenlabels',
  labelsError: UI.palletLabelsError,
  priceInvalid: 'Bitte einen gültigen Preis in Euro eingeben (z. B. 459,90)',
} as const;

/** Default carrier when a quoted freight order ships (spec §9). */
export const FREIGHT_DEFAULT_CARRIER: string = SHIPPING_WORDS.freight;

export const FREIGHT_MESSAGES = {
  quoteRequested: (orderNumber: string) => `Speditionsangebot für Auftrag ${orderNumber} angefragt`,
  quoteSaved: (orderNumber: string) => `Angebot für Auftrag ${orderNumber} gespeichert`,
  logQuoteRequested: (orderNumber: string, pallets: number) =>
    `Speditionsangebot für Auftrag ${orderNumber} angefragt (${pallets} ${pallets === 1 ? WORDS.pallet : WORDS.pallets})`,
  logQuoteSaved: (orderNumber: string, price: string) => `Speditionsangebot für Auftrag ${orderNumber} erfasst: ${price}`,
} as const;

/** The pallet label (PDF; its standard font has no arrow, so "Einstellungen – Allgemein"). */
export const FREIGHT_LABEL = {
  title: (orderNumber: string) => `Palettenlabels ${orderNumber}`,
  sender: SHIPPING_WORDS.sender,
  recipient: SHIPPING_WORDS.recipient,
  order: WORDS.order,
  palletOf: (n: number, total: number) => `Palette ${n} von ${total}`,
  dimensions: (l: string, w: string, h: string) => `${l} × ${w} × ${h} cm`,
  weight: (kg: string) => `${kg} kg`,
  noDimensions: 'Maße nicht erfasst',
  noSscc: 'Keine SSCC: GS1-Basisnummer fehlt (Einstellungen – Allgemein)',
  senderMissing: 'Absender fehlt (Einstellungen – Allgemein)',
} as const;
