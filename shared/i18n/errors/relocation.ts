import type { ErrorEntry } from './types';

/** Error codes of relocation (Umlagern, docs/operations.md "Relocation"). */
export const relocationErrors = {
  /** params: location (barcode) */
  RELOCATE_SAME_PLACE: { status: 400, de: 'Quell- und Zielplatz sind gleich ({location}) – bitte einen anderen Zielplatz scannen' },
  /** params: location (source barcode), available (free units), requested */
  RELOCATE_INSUFFICIENT: {
    status: 409,
    de: 'Umlagern nicht möglich: Platz {location} hat nur {available} freie Stück (reservierte Ware wird nicht umgelagert)',
  },
} satisfies Record<string, ErrorEntry>;
