import type { TranslationPair } from '../../translate';
import { CORE } from './core';
import { DASHBOARD } from './dashboard';
import { HOME } from './home';
import { COUNTING } from './counting';
import { ERRORS } from './errors';
import { MENU_UK } from './menu';
import { PACKING } from './packing';
import { PICKING } from './picking';
import { RECEIVING } from './receiving';
import { REFUSALS } from './refusals';
import { RETURNS } from './returns';
import { STOCK } from './stock';
import { SYNC } from './sync';
import { WORDS_UK } from './words';

/**
 * Ukrainian: the handheld screens' catalogues, one file per area (docs/architecture.md "Languages").
 * The pack is its own chunk, loaded when a user of this language logs in.
 */
export const UK: readonly TranslationPair[] = [
  ...CORE,
  ...HOME,
  ...DASHBOARD,
  ...STOCK,
  ...RECEIVING,
  ...PICKING,
  ...PACKING,
  ...COUNTING,
  ...RETURNS,
  ...SYNC,
  ...WORDS_UK,
  ...MENU_UK,
  ...ERRORS,
  ...REFUSALS,
];
