import { inboundErrors } from './errors/inbound';
import { pickingErrors } from './errors/picking';

/**
 * German texts of the scan workflow (client/scan). One place, so every scan
 * screen says the same words. Wrong-article / wrong-place texts are the
 * spec's (part 2 §5, picking scans); {expected} is the code the step wanted.
 */
export const scanTexts = {
  wrongArticle: 'Falscher Artikel! Erwartet: {expected}',
  wrongLocation: pickingErrors.PICK_WRONG_LOCATION.de,
  /** Not worded by the spec; built like the two above. */
  wrongPallet: 'Falsche Palette! Erwartet: {expected}',
  /** A code of the wrong kind for the step (no particular code expected). */
  expectEan: 'Bitte zuerst die EAN scannen',
  expectLocation: 'Bitte einen Lagerplatz scannen',
  expectPallet: 'Bitte eine Palette scannen',
  /** Confirmation of an accepted scan the screen has nothing more to say about. */
  scanned: 'Gescannt',
  /** Spec part 1 §8. */
  notInNotification: inboundErrors.NOTIFICATION_ITEM_NOT_FOUND.de,
} as const;
