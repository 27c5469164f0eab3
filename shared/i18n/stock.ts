import { errorText } from './errors/index';
import { VALIDATION } from './validation';
import { WORDS } from './ui';

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
  workingSetEmpty: 'Noch keine Lagerdaten auf diesem Gerät – bitte einmal online synchronisieren.',
  offlineSearch: 'Keine Verbindung – die Suche braucht eine Netzwerkverbindung',
  offlineMovements: 'Keine Verbindung – die Bewegungshistorie braucht eine Netzwerkverbindung',
} as const;
