import type { ProductCodeProblem } from '../domain/product-code';
import { FIELD_LABELS, MISSING_FIELD_LABELS } from './fields';
import { WORDS } from './ui';
import { VALIDATION } from './validation';

/** German reason per product-code problem (INVALID_EAN's {reason}; also for client forms). */
export const PRODUCT_CODE_PROBLEM_TEXT: Record<ProductCodeProblem, string> = {
  empty: VALIDATION.eanRequired,
  too_short: 'Code muss mindestens 3 Zeichen lang sein',
  too_long: 'Code darf höchstens 64 Zeichen lang sein',
  gtin_check_digit: 'Prüfziffer stimmt nicht',
  gtin_length: 'rein numerische Codes müssen 8, 12, 13 oder 14 Stellen haben',
  characters: 'nur Buchstaben, Ziffern und . _ - / erlaubt, mindestens ein Buchstabe',
};

/** German texts of the product administration (/products): list, counters, Keepa enrichment. */
export const PRODUCT_UI = {
  title: 'Produktverwaltung',
  subtitle: 'Stammdaten, Verpackungseinheiten und Maße der Produkte',
  loadError: 'Fehler beim Laden der Produkte',
  enrichAll: 'Alle mit Keepa anreichern',
  incompleteCount: (n: number) => `${n} Produkte sind unvollständig.`,
  incompleteHint:
    'Ohne Gewicht und Maße kann der Palettenbedarf nicht berechnet werden – diese Produkte können nicht für die intelligente Wellenplanung verwendet werden.',
  filterLabel: WORDS.filter,
  filterAll: WORDS.all,
  total: WORDS.total,
  noProducts: WORDS.noProductsFound,
  enrichRunning: 'Keepa-Anreicherung läuft…',
  enrichProgress: (done: number, total: number, succeeded: number, failed: number) =>
    `${done} / ${total} · ${succeeded} angereichert · ${failed} fehlgeschlagen`,
  progress: 'Fortschritt',
  keepaQuotaWait: (time: string) => `Keepa-Kontingent erschöpft – es geht um ${time} weiter.`,
  // table
  tableRegion: WORDS.products,
  product: FIELD_LABELS.productId,
  ean: FIELD_LABELS.ean,
  weight: WORDS.weight,
  dimensions: 'Maße (L×B×H)',
  image: MISSING_FIELD_LABELS.image,
  hasImage: 'Bild vorhanden',
  noImage: 'Kein Bild',
  status: WORDS.status,
  actions: WORDS.actions,
  missing: 'Fehlt!',
  missingFields: (fields: string) => `Fehlt: ${fields}`,
  edit: (title: string) => `${title} bearbeiten`,
  keepa: 'Keepa',
  enrichOne: (title: string) => `${title} mit Keepa aktualisieren`,
  enrichedMany: (n: number) => `${n} Produkte erfolgreich angereichert!`,
  enrichFailedMany: (n: number) => `${n} Produkte konnten nicht angereichert werden`,
  enrichedOne: 'Produktdaten aktualisiert!',
  noDataFound: 'Keine Daten gefunden',
  enrichOneError: 'Fehler beim Anreichern des Produkts',
  // bulk enrichment confirmation; the bold parts between the sentences
  enrichAllTitle: 'Alle Produkte mit Keepa anreichern?',
  enrichAllText: 'Alle Produkte mit fehlenden Daten werden bei Keepa abgefragt. Das kann',
  enrichAllDuration: 'mehrere Minuten',
  enrichAllCosts: 'dauern und verbraucht',
  enrichAllCredit: 'Keepa-API-Guthaben',
  enrichAllRest: '(1 Token pro Produkt). Die Anreicherung läuft im Hintergrund weiter.',
  enrichAllStart: 'Anreichern starten',
  // edit dialog (client/features/products/ProductEditDialog.tsx)
  editTitle: 'Produkt bearbeiten',
  saved: 'Produkt aktualisiert!',
  titleLabel: WORDS.title,
  baseUnit: FIELD_LABELS.base_unit,
  imageUrl: FIELD_LABELS.image_url,
  length: 'Länge',
  width: 'Breite',
  height: 'Höhe',
  atLeastOne: (label: string) => `${label} muss mindestens 1 sein`,
  positive: (label: string) => `${label} muss größer als 0 sein`,
} as const;
