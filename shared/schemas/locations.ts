import { z } from 'zod';
import { LOCATION_KINDS, RACK_MAX_COMPARTMENTS, RACK_MAX_LEVELS } from '../constants';
import { workingSetEntity } from '../offline';
import { bodyId, idNumber, optionalText, Timestamp } from './common';
import { VALIDATION } from '../i18n/validation';
import { WsStock } from './stock';

/**
 * Lageplan: racks with levels and compartments (one id space, spec
 * /locations/{id}). Compartment barcodes are rack-level-compartment, codes
 * zero-padded to 2 digits (A-01-01). Positions on the floor plan are in
 * decimetres: 10 = 1 m (the unit pick-route optimisation will use).
 */

/** Decimetres per metre on the floor plan. */
export const PLAN_UNITS_PER_METRE = 10;
/** Largest plan coordinate (1 km) – keeps typos from throwing cards far off the plan. */
export const PLAN_MAX_POSITION = 10_000;

/** Two-digit code for level/compartment numbers (1 -> "01"). */
export function padCode(n: number | string): string {
  const s = String(n).trim();
  return /^\d+$/.test(s) ? s.padStart(2, '0') : s.toUpperCase();
}

export function compartmentBarcode(rackCode: string, levelCode: string, compartmentCode: string): string {
  return `${rackCode}-${levelCode}-${compartmentCode}`;
}

/** Rack codes go into Code 128 barcodes and the A-01-01 form: letters A–Z, digits, underscore. */
export const RackCode = z
  .string({ error: VALIDATION.rackCodeRequired })
  .trim()
  .min(1, VALIDATION.rackCodeRequired)
  .max(10, 'Regalcode darf höchstens 10 Zeichen lang sein')
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]+$/, 'Regalcode darf nur Buchstaben (A–Z), Ziffern und _ enthalten'));

const ChildCode = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} ist erforderlich`)
    .max(10, `${label} darf höchstens 10 Zeichen lang sein`)
    .transform(padCode)
    .pipe(z.string().regex(/^[A-Z0-9_]+$/, `${label} darf nur Buchstaben (A–Z), Ziffern und _ enthalten`));

const OptionalId = idNumber().optional();
/** Query params arrive as strings; '' and 'null' mean "none". */
const queryId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), OptionalId);
const PlanPos = z.coerce
  .number({ error: 'Position muss eine Zahl sein' })
  .min(0, 'Position darf nicht negativ sein')
  .max(PLAN_MAX_POSITION, `Position darf höchstens ${PLAN_MAX_POSITION} sein`);

export const CreateRackQuery = z.object({
  rack_code: RackCode,
  name: optionalText(200),
  description: optionalText(1000),
  building_id: queryId,
  room_id: queryId,
  position_x: z.preprocess((v) => (v === '' ? undefined : v), PlanPos.optional()),
  position_y: z.preprocess((v) => (v === '' ? undefined : v), PlanPos.optional()),
  /** Wizard step 2: the structure created with the rack in one transaction. */
  levels: z.coerce
    .number({ error: 'Anzahl Ebenen muss eine Zahl sein' })
    .int('Anzahl Ebenen muss eine ganze Zahl sein')
    .min(1, 'Mindestens 1 Ebene')
    .max(RACK_MAX_LEVELS, `Höchstens ${RACK_MAX_LEVELS} Ebenen`)
    .optional(),
  compartments_per_level: z.coerce
    .number({ error: 'Fächer pro Ebene muss eine Zahl sein' })
    .int('Fächer pro Ebene muss eine ganze Zahl sein')
    .min(1, 'Mindestens 1 Fach pro Ebene')
    .max(RACK_MAX_COMPARTMENTS, `Höchstens ${RACK_MAX_COMPARTMENTS} Fächer pro Ebene`)
    .optional(),
});
export type CreateRackQuery = z.infer<typeof CreateRackQuery>;

export const CreateLevelQuery = z.object({
  rack_id: idNumber(VALIDATION.rackRequired),
  /** Omitted: the next free number. */
  level_code: ChildCode('Ebenencode').optional(),
  name: optionalText(200),
  /** Compartments created with the level (0 = none). */
  compartments: z.coerce.number().int().min(0).max(RACK_MAX_COMPARTMENTS, `Höchstens ${RACK_MAX_COMPARTMENTS} Fächer pro Ebene`).optional(),
});
export type CreateLevelQuery = z.infer<typeof CreateLevelQuery>;

export const CreateCompartmentQuery = z.object({
  level_id: idNumber(VALIDATION.levelRequired),
  compartment_code: ChildCode('Fachcode').optional(),
  name: optionalText(200),
});
export type CreateCompartmentQuery = z.infer<typeof CreateCompartmentQuery>;

export const UpdateLocationRequest = z.object({
  name: optionalText(200),
  description: optionalText(1000),
  building_id: bodyId().nullish(),
  room_id: bodyId().nullish(),
});
export type UpdateLocationRequest = z.infer<typeof UpdateLocationRequest>;

/**
 * Blocked place (Sperrplatz, docs/operations.md "Blocked places"): the body
 * of PATCH /locations/{id} (admin, warehouse manager) and the flag on a room.
 */
export const BlockedFlag = z.object({
  is_blocked: z.boolean({ error: 'Gesperrt muss ja oder nein sein' }),
});
export type BlockedFlag = z.infer<typeof BlockedFlag>;
export const PatchLocationRequest = BlockedFlag;
export type PatchLocationRequest = z.infer<typeof PatchLocationRequest>;

export const PositionRequest = z.object({
  position_x: PlanPos,
  position_y: PlanPos,
});
export type PositionRequest = z.infer<typeof PositionRequest>;

/** Answer of PATCH /locations/{id}/position. */
export const PositionResponse = z.object({ id: z.number(), position_x: z.number(), position_y: z.number() });
export type PositionResponse = z.infer<typeof PositionResponse>;

export const LocationKind = z.enum(LOCATION_KINDS);

export const LocationNode = z.object({
  id: z.number(),
  kind: LocationKind,
  code: z.string(),
  barcode: z.string().nullable(),
  name: z.string().nullable(),
  parent_id: z.number().nullable(),
  rack_id: z.number().nullable(),
});
export type LocationNode = z.infer<typeof LocationNode>;

export const HierarchyCompartment = z.object({
  id: z.number(),
  compartment_code: z.string(),
  barcode: z.string(),
  name: z.string().nullable(),
  /** The place itself is blocked (its room may block it too: HierarchyRack.room_blocked). */
  is_blocked: BlockedFlag.shape.is_blocked,
  /** Units stored here (all products/customers). */
  stock_quantity: z.number(),
});
export type HierarchyCompartment = z.infer<typeof HierarchyCompartment>;
export const HierarchyLevel = z.object({
  id: z.number(),
  level_code: z.string(),
  name: z.string().nullable(),
  compartments: z.array(HierarchyCompartment),
});
export const HierarchyRack = z.object({
  id: z.number(),
  rack_code: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  building_id: z.number().nullable(),
  building_name: z.string().nullable(),
  room_id: z.number().nullable(),
  room_name: z.string().nullable(),
  /** The rack's room is blocked: every place in it counts as blocked. */
  room_blocked: z.boolean(),
  /** Decimetres (10 = 1 m). */
  position_x: z.number(),
  position_y: z.number(),
  level_count: z.number(),
  compartment_count: z.number(),
  /** Compartments holding stock. */
  occupied_count: z.number(),
  stock_quantity: z.number(),
  levels: z.array(HierarchyLevel),
  created_at: Timestamp,
});
export type HierarchyRack = z.infer<typeof HierarchyRack>;
export const HierarchyResponse = z.array(HierarchyRack);
export type HierarchyResponse = z.infer<typeof HierarchyResponse>;

/** A storage place (compartment) as part 2 lists it. */
export const StorageLocation = z.object({
  id: z.number(),
  barcode: z.string(),
  full_path: z.string(),
  location_name: z.string().nullable(),
  building_id: z.number().nullable(),
  building_name: z.string().nullable(),
  room_id: z.number().nullable(),
  room_name: z.string().nullable(),
  rack_id: z.number(),
  rack_code: z.string(),
  level_code: z.string(),
  compartment_code: z.string(),
  /** The place itself is blocked (PATCH /locations/{id}). */
  is_blocked: BlockedFlag.shape.is_blocked,
  /** Its room is blocked; the place counts as blocked when either is true. */
  room_blocked: z.boolean(),
  stock_quantity: z.number(),
});
export type StorageLocation = z.infer<typeof StorageLocation>;
export const StorageLocationList = z.array(StorageLocation);

export const LocationsQuery = z.object({
  building_id: queryId,
  room_id: queryId,
  rack_id: queryId,
});

export const CreateRackResponse = z.object({
  id: z.number(),
  rack_code: z.string(),
  level_count: z.number(),
  compartment_count: z.number(),
  barcodes: z.array(z.string()),
});
export type CreateRackResponse = z.infer<typeof CreateRackResponse>;

export const DeleteLocationResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Compartments removed with it (tombstoned for the handhelds). */
  removed_compartments: z.number(),
});

/** Working-set row: a scannable storage place (compartment) with its building / room / code path. */
export const WsLocation = z.object({
  id: z.number(),
  /** Scannable code, e.g. A-01-01. */
  barcode: z.string(),
  /** Building / room / code. */
  path: z.string(),
  is_active: z.boolean(),
  /** Blocked itself or by its room: Auslagern refuses it on the device too (docs/operations.md "Blocked places"). */
  is_blocked: z.boolean(),
  /** Number of the open stocktake counting the place (frozen: every booking there is refused, on the device too), or null. */
  stocktake: z.string().nullable(),
});
export type WsLocation = z.infer<typeof WsLocation>;
export const LocationEntity = workingSetEntity('location', WsLocation);

/** GET /locations/lookup/{barcode}: a scanned place a staff device does not hold (docs/sync.md "Entities"). */
export const PlaceLookupParams = z.object({ barcode: z.string().trim().min(1).max(100) });
export type PlaceLookupParams = z.infer<typeof PlaceLookupParams>;

/** The place as the working set sends it, with its stock rows in the user's scope, so the device books there offline too. */
export const PlaceLookupResponse = z.object({ location: WsLocation, stock: z.array(WsStock) });
export type PlaceLookupResponse = z.infer<typeof PlaceLookupResponse>;
