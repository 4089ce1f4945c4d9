/** Reusable field schemas for form-encoded and JSON requests (spec §7: form bodies send strings). */
import { z } from 'zod';
import { LANGUAGES } from '../constants';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));

/** Sign-up and password-change rule: 8–128 characters with at least one letter and one digit. */
export const NewPassword = z
  .string()
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'Use at least one letter and one digit');

export const AnyPassword = z.string().min(1, 'Enter your password').max(128);

export const PersonName = z.string().trim().min(1, 'Required').max(80);

export const LanguageField = z.enum(LANGUAGES);

const knownZones = new Map<string, boolean>();

/** Whether this runtime knows an IANA time zone (remembered: building a formatter is costly). */
export function isKnownTimeZone(tz: string): boolean {
  let known = knownZones.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(tz, known);
  }
  return known;
}

/** An IANA time zone name that this runtime knows. */
export const TimeZone = z.string().trim().min(1).max(64).refine(isKnownTimeZone, 'Unknown time zone');

/** ISO 3166-1 alpha-2 country code. */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code');

/** The largest id a database `integer` column holds; a bigger one is unknown, not a crash. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id that may arrive as a string in a form or a path. */
export const Id = z.coerce.number().int().positive().max(MAX_ID, 'Not a known id');

/** A list of ids sent as `1,2,3` in a form field, or as repeated fields. */
export const IdList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.coerce.number<string>().int().positive().max(MAX_ID, 'Not a known id'))
      .min(1, 'Give at least one id'),
  );

/** A form boolean: `1`/`0`, `true`/`false`. */
export const FormBoolean = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const IsoDateTime = z.string().datetime({ offset: true });
