import { z } from 'zod';
import { ROOM_TYPES } from '../constants';
import { bodyId, idNumber, optionalText, requiredText, Timestamp } from './common';
import { BlockedFlag } from './locations';
import { VALIDATION } from '../i18n/validation';

/** Buildings and rooms (spec part 1: Gebäude & Räume). Delete deactivates. */

const Code = (message: string) => requiredText(message, 20).transform((v) => v.toUpperCase());

export const Building = z.object({
  id: z.number(),
  building_code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  is_active: z.boolean(),
  room_count: z.number(),
  rack_count: z.number(),
  created_at: Timestamp,
});
export type Building = z.infer<typeof Building>;
export const BuildingList = z.array(Building);

export const CreateBuildingRequest = z.object({
  building_code: Code(VALIDATION.buildingCodeRequired),
  name: requiredText(VALIDATION.nameRequired, 200),
  address: optionalText(500),
});
export type CreateBuildingRequest = z.infer<typeof CreateBuildingRequest>;
export type CreateBuildingInput = z.input<typeof CreateBuildingRequest>;

export const UpdateBuildingRequest = z.object({
  building_code: Code(VALIDATION.buildingCodeRequired).optional(),
  name: requiredText(VALIDATION.nameRequired, 200).optional(),
  address: optionalText(500),
});
export type UpdateBuildingRequest = z.infer<typeof UpdateBuildingRequest>;

export const BuildingsQuery = z.object({
  include_inactive: z.enum(['true', 'false']).optional(),
});

export const Room = z.object({
  id: z.number(),
  building_id: z.number(),
  building_name: z.string(),
  room_code: z.string(),
  name: z.string(),
  room_type: z.enum(ROOM_TYPES),
  is_active: z.boolean(),
  /** Blocked room: all its places count as blocked (docs/operations.md "Blocked places"). */
  is_blocked: BlockedFlag.shape.is_blocked,
  rack_count: z.number(),
  created_at: Timestamp,
});
export type Room = z.infer<typeof Room>;
export const RoomList = z.array(Room);

export const RoomsQuery = z.object({
  building_id: idNumber().optional(),
});

export const CreateRoomRequest = z.object({
  building_id: bodyId(VALIDATION.buildingRequired),
  room_code: Code(VALIDATION.roomCodeRequired),
  name: requiredText(VALIDATION.nameRequired, 200),
  room_type: z.enum(ROOM_TYPES, { error: VALIDATION.roomTypeInvalid }).default('ambient'),
});
export type CreateRoomRequest = z.infer<typeof CreateRoomRequest>;
export type CreateRoomInput = z.input<typeof CreateRoomRequest>;

export const UpdateRoomRequest = z.object({
  room_code: Code(VALIDATION.roomCodeRequired).optional(),
  name: requiredText(VALIDATION.nameRequired, 200).optional(),
  room_type: z.enum(ROOM_TYPES, { error: VALIDATION.roomTypeInvalid }).optional(),
  /** The one field a warehouse manager may change; the others are the admin's. */
  is_blocked: BlockedFlag.shape.is_blocked.optional(),
});
export type UpdateRoomRequest = z.infer<typeof UpdateRoomRequest>;

export const DeactivateResponse = z.object({ ok: z.literal(true), message: z.string() });
