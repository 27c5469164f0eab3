import type { TranslationPair } from '../../translate';
import { CORE } from './core';
import { ERRORS } from './errors';
import { MENU_EN } from './menu';
import { WORDS_EN } from './words';

/**
 * English: the handheld screens' catalogues, one file per area (docs/architecture.md "Languages").
 * The pack is its own chunk, loaded when a user of this language logs in.
 */
export const EN: readonly TranslationPair[] = [...CORE, ...WORDS_EN, ...MENU_EN, ...ERRORS];
