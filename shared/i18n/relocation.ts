import { FIELD_LABELS } from './fields';
import { UI, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

const RELOCATE = SCREEN_TITLES.relocate;

/** German texts of the Umlagern screen (docs/operations.md "Relocation"). */
export const RELOCATION_TEXTS = {
  title: RELOCATE,
  stepSource: 'Schritt 1: Quell-Lagerplatz scannen',
  stepEan: 'Schritt 2: EAN scannen',
  stepTarget: 'Schritt 3: Menge prüfen und Ziel-Lagerplatz scannen',
  sourceLabel: FIELD_LABELS.from_location_barcode,
  targetLabel: FIELD_LABELS.to_location_barcode,
  sourcePlaceholder: 'Quellplatz scannen',
  targetPlaceholder: 'Zielplatz scannen',
  eanPlaceholder: WORDS.scanEan,
  next: UI.next,
  back: UI.back,
  submit: RELOCATE,
  stockChoice: WORDS.stock,
  noBatch: 'ohne Charge',
  batch: 'Charge {batch}',
  free: '{free} Stück frei',
  noFreeStock: 'Kein freier Bestand dieses Artikels an {location}',
  success: 'Umgelagert: {title} ({qty} Stück) von {from} nach {to}',
  error: 'Fehler beim Umlagern',
  /** The outbox label of a queued relocation (Synchronisierung). */
  outboxLabel: 'Umlagern: {title} ({qty} Stück) von {from} nach {to}',
} as const;
