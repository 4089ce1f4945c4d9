/**
 * The English the portal and its PDFs could leak into another language's rendering (issue 26):
 * the English of every portal string (src/app/i18n/locales/en) that the other language words
 * differently, the PDFs' English words, and the English text of the catalogues and agreement
 * documents (fixtures). A phrase counts when it is at least two words, or one word of six letters
 * or more, and is not also a word of the other language's own strings or catalogue translations
 * ("Ovulation" is French too, "Endometriosis" Spanish).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueTranslations, contentFixtures, protocolFixtures, reportFixtures } from '../../fixtures';
import { TIME_ZONE_REGIONS } from '../../src/app/components/time-zones';
import { en as pdfEnglish } from '../../src/server/cycle-data/pdf/text/en';
import { PDF_WORDS } from '../../src/server/cycle-data/pdf/text/pdf-text';
import type { Language } from '../../src/shared/constants';
import { ROOT } from './stack';

const LOCALES = path.join(ROOT, 'src/app/i18n/locales');

function strings(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

function locale(language: string): Map<string, string> {
  const dir = path.join(LOCALES, language);
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) =>
        strings(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))).map(
          ([k, v]) => [`${f}:${k}`, v] as [string, string],
        ),
      ),
  );
}

/** The static parts of a template: `Across all {{count}} cycles` → `Across all`, `cycles`. */
function fragments(text: string): string[] {
  return text
    .split(/\{\{?[^}]+\}\}?/)
    .map((f) => f.replace(/[\s.,:;·()–-]+$/u, '').replace(/^[\s.,:;·()–-]+/u, ''))
    .filter(Boolean);
}

const meaningful = (phrase: string) => {
  const words = phrase.match(/\p{L}+/gu) ?? [];
  return words.length >= 2 || (words.length === 1 && words[0]!.length >= 6);
};

/** Every English phrase that must not show in a rendering in `language`. */
export function englishPhrases(language: Exclude<Language, 'en'>): string[] {
  const english = locale('en');
  const own = locale(language);
  const catalogues = Object.values(catalogueTranslations).flatMap((entries) =>
    typeof entries === 'string'
      ? []
      : Object.values(entries as Record<string, Record<string, unknown>>).flatMap((byLanguage) =>
          strings(byLanguage[language]).map(([, v]) => v),
        ),
  );
  const ownText = [...own.values(), ...strings(PDF_WORDS[language]).map(([, v]) => v), ...catalogues].join(
    '\n',
  );
  const phrases = new Set<string>();
  for (const [key, value] of english) {
    if (own.get(key) === value) continue;
    for (const f of fragments(value)) phrases.add(f);
  }
  for (const [, value] of strings(pdfEnglish)) for (const f of fragments(value)) phrases.add(f);
  for (const c of reportFixtures.categories) phrases.add(c.name).add(c.description);
  for (const t of reportFixtures.toDos) phrases.add(t.text);
  for (const l of reportFixtures.lifestyle) phrases.add(l.text);
  for (const t of contentFixtures.memberTags) phrases.add(t.name);
  for (const b of contentFixtures.blogCategories) phrases.add(b.name);
  for (const p of protocolFixtures.protocols) phrases.add(p.title).add(p.content.split('\n')[0]!);
  // The time-zone picker's English region names are also the first part of every IANA zone name
  // ("Europe/London"), which the portal and the PDFs show as written in every language.
  const zoneParts = new Set<string>(TIME_ZONE_REGIONS);
  return [...phrases].filter(
    (p) =>
      meaningful(p) &&
      !zoneParts.has(p) &&
      !new RegExp(`(^|[^\\p{L}])${escape(p)}($|[^\\p{L}])`, 'u').test(ownText),
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The phrases of `phrases` that `text` holds as whole words. */
export function englishIn(text: string, phrases: readonly string[]): string[] {
  return phrases.filter((p) => new RegExp(`(^|[^\\p{L}])${escape(p)}($|[^\\p{L}])`, 'u').test(text));
}
