/** DESIGN.md §3: five languages, no missing keys — every namespace has the same keys in each. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/constants';

const ROOT = path.resolve(__dirname, '../../src/app/i18n/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function load(lang: string, ns: string): unknown {
  return JSON.parse(readFileSync(path.join(ROOT, lang, `${ns}.json`), 'utf8'));
}

describe('translations', () => {
  const namespaces = readdirSync(path.join(ROOT, 'en')).map((f) => f.replace(/\.json$/, ''));

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every English key and no other', (lang) => {
    for (const ns of namespaces) {
      const en = keys(load('en', ns)).sort();
      expect(keys(load(lang, ns)).sort(), `${lang}/${ns}.json`).toEqual(en);
    }
  });

  it('has no empty translation', () => {
    for (const lang of LANGUAGES) {
      for (const ns of namespaces) {
        const flat = JSON.stringify(load(lang, ns));
        expect(flat, `${lang}/${ns}.json`).not.toMatch(/:""/);
      }
    }
  });
});
