/** Column shapes shared by the table types: what a select gives, an insert takes, an update takes. */
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type DefaultNow = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string | undefined, string>;
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/**
 * A row's text in the other portal languages (migrations/0570): language → field → text, e.g.
 * `{ de: { name: 'Kurze Lutealphase' } }`; a language or field it lacks reads the row's own text.
 */
export type Translations = Partial<Record<string, Record<string, string>>>;
export type TranslationsColumn = Json<Translations>;
