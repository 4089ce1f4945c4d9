/**
 * The language a request is answered in (issue 26): what the server writes for the reader — the
 * catalogues of findings, steps, lifestyle advice and tags, the agreement documents, the PDFs — is
 * in the portal's language, which its REST client sends as `Accept-Language` (src/rest/client.ts).
 * The first tag of the header the portal speaks (spec §1) wins, else the provider's saved language,
 * else English.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';

function supported(tag: string): Language | undefined {
  const base = tag.trim().split(';')[0]!.split('-')[0]!.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

export function requestLanguage(acceptLanguage: string | undefined, saved: string | null = null): Language {
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const language = supported(tag);
    if (language) return language;
  }
  return (saved && supported(saved)) || DEFAULT_LANGUAGE;
}

/**
 * `field` of a catalogue row in `language`: its translation (migrations/0570 `translations`) when
 * there is one, else the row's own text.
 */
export function inLanguage(
  row: { translations: Partial<Record<string, Record<string, string>>> | null | undefined },
  language: Language,
  field: string,
  own: string,
): string {
  return row.translations?.[language]?.[field] ?? own;
}
