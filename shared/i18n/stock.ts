import { errorText } from './errors/index';
import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';
import { VALIDATION } from './validation';

/** German texts of the scan screens (spec part 1 §5, §8). */
export const STOCK_TEXTS = {
  inboundTitle: WORDS.inbound,
  outboundTitle: WORDS.outbound,
  inboundSuccess: 'Erfolgreich eingelagert: {title} ({qty} Stück) an {path}',
  outboundSuccess: 'Erfolgreich ausgelagert: {title} ({qty} Stück)',
  pendingMarker: 'wird synchronisiert',
  syncedMarker: 'synchronisiert',
  eanRequired: VALIDATION.eanRequired,
  customerRequired: VALIDATION.customerRequired,
  quantityMin: VALIDATION.quantityAtLeastOne,
  locationRequired: VALIDATION.locationBarcodeRequired,
  productNotFound: errorText('PRODUCT_NOT_FOUND'),
  titleRequired: VALIDATION.titleRequired,
  /** Generic load failure (product preview, movements). */
  previewError: 'Fehler beim Laden',
  inboundError: 'Fehler beim Einlagern',
  outboundError: 'Fehler beim Auslagern',
  createError: 'Fehler beim Erstellen/Einlagern',
  noStock: 'Kein verfügbarer Bestand für dieses Produkt',
  /** Auslagern: a place that holds the product but is blocked (docs/operations.md "Blocked places"). */
  blockedPlace: (n: string) => `Sperrplatz · ${n} gesperrt`,
  workingSetEmpty: 'Noch keine Lagerdaten auf diesem Gerät – bitte einmal online synchronisieren.',
  offlineSearch: 'Keine Verbindung – die Suche braucht eine Netzwerkverbindung',
  movementsTitle: 'Bewegungshistorie',
  movementsSubtitle: (limit: number) => `Die letzten ${limit} Lagerbewegungen`,
  noMovements: 'Noch keine Bewegungen',
  movementsRegion: 'Bewegungen',
  colType: WORDS.type,
  colProduct: FIELD_LABELS.productId,
  colEan: FIELD_LABELS.ean,
  colQuantity: WORDS.quantity,
  colLocation: FIELD_LABELS.location_id,
  colUser: WORDS.user,
  colTime: WORDS.time,
  offlineMovements: 'Keine Verbindung – die Bewegungshistorie braucht eine Netzwerkverbindung',
} as const;
