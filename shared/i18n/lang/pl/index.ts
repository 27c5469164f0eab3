import type { TranslationPair } from '../../translate';
import { CORE } from './core';
import { ERRORS } from './errors';
import { MENU_PL } from './menu';
import { WORDS_PL } from './words';

/**
 * Polish: the handheld screens' catalogues, one file per area (docs/architecture.md "Languages").
 * The pack is its own chunk, loaded when a user of this language logs in.
 */
export const PL: readonly TranslationPair[] = [...CORE, ...WORDS_PL, ...MENU_PL, ...ERRORS];
