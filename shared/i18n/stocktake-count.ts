import { RELOCATION_TEXTS } from './relocation';
import { STOCK_TEXTS } from './stock';
import { STOCKTAKE_UI, STOCKTAKE_WORDS } from './stocktakes';
import { UI, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

const TITLE = SCREEN_TITLES.stocktakeCount;

/** German texts of the handheld counting screen "Inventur zählen" (client/features/stocktakes/count/, docs/operations.md "Stocktake"). */
export const STOCKTAKE_COUNT_UI = {
  title: TITLE,
  stepChoose: 'Inventur wählen',
  stepPlace: 'Schritt 1: Lagerplatz scannen',
  stepEan: RELOCATION_TEXTS.stepEan,
  stepQty: 'Schritt 3: Gezählte Menge eingeben, Enter bucht',
  none: 'Keine Inventur zum Zählen auf diesem Gerät. Die Inventur legt die Lagerleitung an; nach der nächsten Synchronisierung erscheint sie hier.',
  chooseHint: 'Mehrere Inventuren laufen – welche wird gezählt?',
  placesDone: (done: number, all: number) => `${done}/${all} Plätze fertig`,
  stillOpen: (barcodes: string, more: number) => `Noch offen: ${barcodes}${more > 0 ? ` und ${more} weitere` : ''}`,
  placeLabel: STOCK_TEXTS.location,
  placePlaceholder: WORDS.scanLocation,
  eanPlaceholder: WORDS.scanEan,
  qtyLabel: STOCKTAKE_WORDS.counted,
  batchLabel: WORDS.batch,
  batchKnown: (batches: string) => `Chargen an diesem Platz: ${batches}`,
  customerLabel: WORDS.customer,
  customerChoose: STOCK_TEXTS.chooseCustomer,
  customerAsk: 'Mehrere Kunden führen diesen Artikel – bitte den Kunden wählen',
  replaceHint: 'Dieselbe EAN noch einmal zählen ersetzt die Zählung.',
  alreadyCounted: (qty: number) => `Bereits gezählt: ${qty} – die neue Menge ersetzt sie`,
  countedHere: 'Von dir an diesem Platz gezählt',
  nothingCounted: 'Noch nichts gezählt. Platz leer? Dann gleich „Platz fertig“.',
  placeDoneBadge: STOCKTAKE_UI.placeDone,
  done: 'Platz fertig',
  doneQuestion: (barcode: string) => `Platz ${barcode} fertig? Was hier nicht gezählt wurde, zählt als 0.`,
  otherPlace: 'Anderer Platz',
  otherStocktake: 'Andere Inventur',
  counted: (title: string, qty: number, barcode: string) => `Gezählt: ${title} – ${qty} Stück an ${barcode}`,
  placeFinished: (barcode: string) => `Platz ${barcode} fertig gezählt`,
  error: 'Fehler beim Zählen',
  next: UI.next,
  book: 'Zählung buchen',
  back: UI.back,
  /** The outbox entries' labels (client/features/stocktakes/offline.ts), in the language of the person booking. */
  countLabel: (number: string, title: string, barcode: string, qty: number) => `Inventur ${number}: ${title} an ${barcode} gezählt (${qty} Stück)`,
  placeDoneLabel: (number: string, barcode: string) => `Inventur ${number}: Platz ${barcode} fertig gezählt`,
} as const;
