import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';

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
  image: 'Bild',
  hasImage: 'Bild vorhanden',
  noImage: 'Kein Bild',
  status: WORDS.status,
  actions: WORDS.actions,
  missing: 'Fehlt!',
  missingFields: (fields: string) => `Fehlt: ${fields}`,
  edit: (title: string) => `${title} bearbeiten`,
  keepa: 'Keepa',
  enrichOne: (title: string) => `${title} mit Keepa aktualisieren`,
} as const;
