import type { TranslationPair } from '../../translate';
import { CORE } from './core';
import { PACKING } from './packing';
import { PICKING } from './picking';
import { RECEIVING } from './receiving';
import { STOCK } from './stock';

/**
 * Ukrainian: the handheld screens' catalogues, one file per area (docs/architecture.md "Languages").
 * The pack is its own chunk, loaded when a user of this language logs in.
 */
export const UK: readonly TranslationPair[] = [...CORE, ...STOCK, ...RECEIVING, ...PICKING, ...PACKING];
