/**
 * The profile's countries and consultation languages named in the portal's language (issue 26):
 * the server lists them by code with English names (spec §7 "Profile and schedule"), and the
 * browser's own `Intl.DisplayNames` knows every code's name in the five languages, so no
 * translation table is shipped. A name the browser does not know keeps the server's.
 */
import type { CountryOption, LanguageOption } from '../../../shared/api/profile';
import type { z } from 'zod/mini';

type Country = z.infer<typeof CountryOption>;
type Language = z.infer<typeof LanguageOption>;

/** A namer of `type` codes in `language`, made once for a list; a code it does not know is undefined. */
function namer(language: string, type: 'region' | 'language'): (code: string) => string | undefined {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([language], { type, fallback: 'none' });
  } catch {
    // A language the browser does not know: the caller keeps the server's names.
    return () => undefined;
  }
  return (code) => {
    try {
      return names.of(code) ?? undefined;
    } catch {
      // A code that is not well formed: the caller keeps the server's name.
      return undefined;
    }
  };
}

/** Countries named in `language`, in its alphabetical order. */
export function countriesIn(language: string, countries: readonly Country[]): Country[] {
  const name = namer(language, 'region');
  const collator = new Intl.Collator(language);
  return countries
    .map((c) => ({ code: c.code, name: name(c.code) ?? c.name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Consultation languages with `name` in `language` (their own name, `nativeName`, stays). */
export function languagesIn(language: string, languages: readonly Language[]): Language[] {
  const name = namer(language, 'language');
  return languages.map((l) => ({ ...l, name: name(l.code) ?? l.name }));
}
