import type { ColumnType } from 'kysely';

/** Column types shared by the table interfaces (server/db/schema/*.ts). */

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default (optional on insert). */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
export type Version = ColumnType<number, never, never>;
/** numeric columns come back as numbers (parsers set in server/db/index.ts). */
export type Num = ColumnType<number, number | string, number | string>;
export type NumDefault = ColumnType<number, number | string | undefined, number | string>;
export type DateOnly = ColumnType<string, string, string>;
export type Json<T = unknown> = ColumnType<T, string | T, string | T>;
