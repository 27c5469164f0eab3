import { FIELD_LABELS } from './fields';
import { NOTIFICATION_UI } from './inbound';
import { LOCATIONS_UI } from './masterdata';
import { UI } from './ui';

const RACK = FIELD_LABELS.rack_id;
const LEVEL = FIELD_LABELS.level_id;
const STRUCTURE = 'Struktur';
const COMPARTMENT = 'Fach';
const range = (max: number) => `1 bis ${max}`;

/** German texts of the "new rack" wizard (client/features/locations/RackWizard.tsx). */
export const RACK_WIZARD_UI = {
  title: LOCATIONS_UI.newRack,
  steps: 'Schritte',
  stepNames: ['Basis', STRUCTURE, 'Position'] as const,
  back: UI.back,
  next: UI.next,
  cancel: UI.cancel,
  create: 'Regal erstellen',
  created: (rack: string, compartments: number) => `${RACK} ${rack} mit ${compartments} Fächern angelegt`,
  // step 1: basics
  code: FIELD_LABELS.rack_code,
  codeHint: 'Wird in Großbuchstaben gespeichert, z. B. A',
  codeInvalid: `${FIELD_LABELS.rack_code}: nur Buchstaben (A–Z), Ziffern und _ (höchstens 10 Zeichen)`,
  name: FIELD_LABELS.name,
  namePlaceholder: (rack: string) => `${RACK} ${rack}`,
  description: FIELD_LABELS.description,
  // step 2: structure
  levels: FIELD_LABELS.levels,
  compartmentsPerLevel: FIELD_LABELS.compartments_per_level,
  range,
  structureInvalid: (maxLevels: number, maxCompartments: number) => `Ebenen 1–${maxLevels}, ${FIELD_LABELS.compartments_per_level} 1–${maxCompartments}`,
  /** Before the total in bold: "3 Ebenen × 4 Fächer =". */
  previewGrid: (levels: number, compartments: number) => `${levels} Ebenen × ${compartments} Fächer =`,
  previewTotal: (compartments: number) => `${compartments} Fächer`,
  previewCodes: (first: string, last: string) => `, Codes ${first} bis ${last}`,
  // step 3: position
  positionHint: 'Position im Lageplan in Metern ab der oberen linken Ecke (Raster: 1 Kästchen = 1 m). Sie können das Regal später auf dem Plan verschieben.',
  positionX: `${FIELD_LABELS.position_x} (m)`,
  positionY: `${FIELD_LABELS.position_y} (m)`,
  /** Around the rack code in bold. */
  summaryBefore: RACK,
  summaryAfter: (levels: number, compartments: number) => `mit ${levels} Ebenen und ${compartments} Fächern wird angelegt.`,
} as const;

/** German texts of a rack's levels and compartments in its edit dialog (client/features/locations/RackStructure.tsx). */
export const RACK_STRUCTURE_UI = {
  title: STRUCTURE,
  level: (level: string) => `${LEVEL} ${level}`,
  levelCreated: (level: string) => `${LEVEL} ${level} angelegt`,
  compartment: COMPARTMENT,
  compartmentCreated: (compartment: string) => `${COMPARTMENT} ${compartment} angelegt`,
  stock: NOTIFICATION_UI.pieces,
  removeCompartment: (compartment: string) => `${COMPARTMENT} ${compartment} entfernen`,
  /** Blocked places (docs/operations.md "Blocked places"): the lock button of a compartment and its answers. */
  blockCompartment: (compartment: string) => `${COMPARTMENT} ${compartment} sperren`,
  unblockCompartment: (compartment: string) => `${COMPARTMENT} ${compartment} freigeben`,
  compartmentBlocked: (compartment: string) => `${COMPARTMENT} ${compartment} ist gesperrt – sein Bestand ist nicht verfügbar`,
  compartmentUnblocked: (compartment: string) => `${COMPARTMENT} ${compartment} ist freigegeben`,
  blockedHint: 'gesperrt',
  addCompartmentTo: (level: string) => `${COMPARTMENT} zu ${LEVEL} ${level} hinzufügen`,
  removeLevel: `${LEVEL} entfernen`,
  removeLevelNamed: (level: string) => `${LEVEL} ${level} entfernen`,
  newLevelCompartments: 'Fächer der neuen Ebene',
  addLevel: `${LEVEL} hinzufügen`,
  compartmentsRange: (max: number) => `${range(max)} Fächer`,
} as const;

/** Blocked places on the Lageplan and in the rooms list (docs/operations.md "Blocked places"). */
export const BLOCKED_PLACES_UI = {
  /** Button on a rack card / list row that opens the blocking dialog (managers and admins). */
  openDialog: (rack: string) => `Sperrplätze in ${RACK} ${rack}`,
  dialogTitle: (rack: string) => `Sperrplätze – ${RACK} ${rack}`,
  dialogHint: 'Ein gesperrtes Fach behält seinen Bestand, aber nichts davon wird reserviert, kommissioniert oder ausgelagert.',
  roomBlockedHint: (room: string) => `Der Raum ${room} ist gesperrt – alle Fächer darin gelten als gesperrt.`,
  /** Rack card and list: how many compartments are blocked. */
  blockedCount: (n: number, of: number) => `${FIELD_LABELS.is_blocked}: ${n}/${of} Fächer`,
  colBlocked: FIELD_LABELS.is_blocked,
  blockRoom: (room: string) => `Raum ${room} sperren`,
  unblockRoom: (room: string) => `Raum ${room} freigeben`,
  roomBlocked: (room: string) => `Raum ${room} ist gesperrt – sein Bestand ist nicht verfügbar`,
  roomUnblocked: (room: string) => `Raum ${room} ist freigegeben`,
  blockedBadge: RACK_STRUCTURE_UI.blockedHint,
} as const;
