/** Reusable field schemas for form-encoded and JSON requests (spec §7: form bodies send strings). */
import { z } from 'zod/mini';
import { LANGUAGES } from '../constants';

export const Email = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  z.email({ message: 'Enter a valid email address' }),
);

/** Sign-up and password-change rule: 8–128 characters with at least one letter and one digit. */
export const NewPassword = z.string().check(
  z.minLength(8, 'Use at least 8 characters'),
  z.maxLength(128, 'Use at most 128 characters'),
  z.refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), {
    message: 'Use at least one letter and one digit',
    params: { rule: 'password_rule' },
  }),
);

export const AnyPassword = z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128));

export const PersonName = z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(80));

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
export const TimeZone = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(64), z.refine(isKnownTimeZone, 'Unknown time zone'));

/** ISO 3166-1 alpha-2 country code. */
export const CountryCode = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'Use a two-letter country code'));

/** The largest id a database `integer` column holds; a bigger one is unknown, not a crash. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id that may arrive as a string in a form or a path. */
export const Id = z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID, 'Not a known id'));

/** A list of ids sent as `1,2,3` in a form field, or as repeated fields. */
export const IdList = z.pipe(
  z.pipe(
    z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
    z.transform((v) =>
      (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean),
    ),
  ),
  z
    .array(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(MAX_ID, 'Not a known id')))
    .check(z.minLength(1, 'Give at least one id')),
);

/** A form boolean: `1`/`0`, `true`/`false`. */
export const FormBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]),
  z.transform((v) => v === true || v === '1' || v === 'true'),
);

export const IsoDateTime = z.string().check(z.iso.datetime({ offset: true }));
