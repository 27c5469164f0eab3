import type { ErrorEntry } from './types';

/** Error codes of the masterdata area (buildings, rooms, Lageplan, catalogue, settings, jobs). */
export const masterdataErrors = {
  BUILDING_NOT_FOUND: { status: 404, de: 'Gebäude nicht gefunden' },
  /** params: building_code */
  BUILDING_CODE_TAKEN: { status: 409, de: 'Gebäudecode {building_code} ist bereits vergeben' },
  /** params: name, quantity, positions */
  BUILDING_HAS_STOCK: {
    status: 409,
    de: 'Gebäude {name} kann nicht deaktiviert werden: dort lagern noch {quantity} Stück auf {positions} Lagerplätzen',
  },
  BUILDING_INACTIVE: { status: 409, de: 'Gebäude {name} ist deaktiviert' },
  ROOM_NOT_FOUND: { status: 404, de: 'Raum nicht gefunden' },
  /** params: room_code */
  ROOM_CODE_TAKEN: { status: 409, de: 'Raumcode {room_code} ist in diesem Gebäude bereits vergeben' },
  /** params: name, quantity, positions */
  ROOM_HAS_STOCK: {
    status: 409,
    de: 'Raum {name} kann nicht deaktiviert werden: dort lagern noch {quantity} Stück auf {positions} Lagerplätzen',
  },
  ROOM_NOT_IN_BUILDING: { status: 400, de: 'Der Raum gehört nicht zum gewählten Gebäude' },
  ROOM_NEEDS_BUILDING: { status: 400, de: 'Ein Raum kann erst nach einem Gebäude gewählt werden' },
  /** params: id */
  LOCATION_ID_NOT_FOUND: { status: 404, de: 'Lagerplatz nicht gefunden' },
  /** params: rack_code */
  RACK_CODE_TAKEN: { status: 409, de: 'Regalcode {rack_code} ist bereits vergeben' },
  /** params: code */
  LOCATION_CODE_TAKEN: { status: 409, de: 'Code {code} ist hier bereits vergeben' },
  /** params: kind (German), code, quantity */
  LOCATION_HAS_STOCK: {
    status: 409,
    de: '{kind} {code} kann nicht gelöscht werden: dort lagern noch {quantity} Stück',
  },
  /** params: kind (German), code. Stock of customers outside the caller's scope is there: its amount is not named. */
  LOCATION_HAS_STOCK_HIDDEN: { status: 409, de: '{kind} {code} kann nicht gelöscht werden: dort lagert noch Ware' },
  LOCATION_WRONG_PARENT: { status: 400, de: '{reason}' },
  /** params: max */
  RACK_TOO_MANY_LEVELS: { status: 409, de: 'Ein Regal hat höchstens {max} Ebenen' },
  RACK_TOO_MANY_COMPARTMENTS: { status: 409, de: 'Eine Ebene hat höchstens {max} Fächer' },
  LABELS_EMPTY: { status: 409, de: 'Keine Fächer vorhanden – es gibt nichts zu drucken' },
  /** params: key */
  SETTING_UNKNOWN: { status: 400, de: 'Unbekannte Einstellung {key}' },
  /** params: key, label, reason */
  SETTING_INVALID: { status: 400, de: '{label}: {reason}' },
  JOB_NOT_FOUND: { status: 404, de: 'Auftrag nicht gefunden' },
} satisfies Record<string, ErrorEntry>;
