/**
 * The catalogues and agreement documents in every portal language (issue 26): each row of
 * fixtures/ has its text translated into es, de, fr and it, field by field, and a request reads the
 * translation of its language (src/server/http/request-language.ts).
 */
import { describe, expect, it } from 'vitest';
import { catalogueTranslations, contentFixtures, protocolFixtures, reportFixtures } from '../../../fixtures';
import { inLanguage, requestLanguage } from '../../../src/server/http/request-language';
import { LANGUAGES } from '../../../src/shared/constants';

type ByKey = Record<string, Record<string, Record<string, string>>>;

const others = LANGUAGES.filter((l) => l !== 'en');

/** Each catalogue: its English rows by key, and the fields a translation gives. */
const catalogues: Array<[keyof typeof catalogueTranslations, Array<[string, Record<string, string>]>]> = [
  [
    'categories',
    reportFixtures.categories.map((c) => [String(c.id), { name: c.name, description: c.description }]),
  ],
  ['toDos', reportFixtures.toDos.map((t) => [String(t.id), { text: t.text }])],
  ['lifestyle', reportFixtures.lifestyle.map((l) => [String(l.id), { text: l.text }])],
  ['memberTags', contentFixtures.memberTags.map((t) => [String(t.id), { name: t.name }])],
  ['blogCategories', contentFixtures.blogCategories.map((b) => [String(b.id), { name: b.name }])],
  [
    'protocols',
    protocolFixtures.protocols.map((p) => [`${p.kind}:${p.version}`, { title: p.title, content: p.content }]),
  ],
];

describe('the catalogue translations', () => {
  for (const [name, rows] of catalogues) {
    it(`translate every ${name} row into ${others.join(', ')}, field by field`, () => {
      const translated = catalogueTranslations[name] as ByKey;
      expect(Object.keys(translated).sort()).toEqual(rows.map(([key]) => key).sort());
      for (const [key, english] of rows) {
        for (const language of others) {
          const text = translated[key]![language];
          expect(Object.keys(text ?? {}).sort(), `${name} ${key} ${language}`).toEqual(
            Object.keys(english).sort(),
          );
          for (const [field, own] of Object.entries(english)) {
            expect(text![field]!.trim().length, `${name} ${key} ${language} ${field}`).toBeGreaterThan(0);
            // A sentence left in English is not a translation (a name such as "IVF" or "Endometriosis" may be the same).
            if (own.split(' ').length > 2)
              expect(text![field], `${name} ${key} ${language} ${field}`).not.toBe(own);
          }
        }
      }
    });
  }

  it('are read in the request’s language, falling back to the row’s own text', () => {
    const row = { translations: { de: { name: 'Kinderwunsch' } } };
    expect(inLanguage(row, requestLanguage('de-CH,de;q=0.9'), 'name', 'Trying to conceive')).toBe(
      'Kinderwunsch',
    );
    expect(inLanguage(row, requestLanguage('fr'), 'name', 'Trying to conceive')).toBe('Trying to conceive');
    expect(inLanguage(row, 'de', 'description', 'own')).toBe('own');
    expect(inLanguage({ translations: {} }, 'it', 'name', 'own')).toBe('own');
  });
});
