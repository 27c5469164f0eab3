import type { TranslationPair } from '../../translate';
import { CORE } from './core';
import { ERRORS } from './errors';
import { MENU_UK } from './menu';
import { WORDS_UK } from './words';

/**
 * Ukrainian: the handheld screens' catalogues, one file per area (docs/architecture.md "Languages").
 * The pack is its own chunk, loaded when a user of this language logs in.
 */
export const UK: readonly TranslationPair[] = [...CORE, ...WORDS_UK, ...MENU_UK, ...ERRORS];
