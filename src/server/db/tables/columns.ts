/** Column shapes shared by the table types: what a select gives, an insert takes, an update takes. */
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type DefaultNow = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string | undefined, string>;
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
