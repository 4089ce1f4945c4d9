/**
 * Spec §1 languages: every key of every namespace exists in all five languages, no value is
 * empty, and every literal key the portal's code asks for exists in English.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../../src/app/i18n';
import { LANGUAGES } from '../../../src/shared/constants';
import { ROOT } from '../../support/stack';

const LOCALES = path.join(ROOT, 'src/app/i18n/locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function load(lang: string): Record<string, Record<string, string>> {
  const dir = path.join(LOCALES, lang);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))]),
  );
}

const byLanguage = Object.fromEntries(LANGUAGES.map((lang) => [lang, load(lang)]));
const english = byLanguage.en!;

/** Base key without i18next plural suffixes. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('translations', () => {
  it('are all loaded by the portal (src/app/i18n NAMESPACES)', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(english).sort());
  });

  it('have the same namespaces in every language', () => {
    for (const lang of LANGUAGES)
      expect(Object.keys(byLanguage[lang]!).sort(), lang).toEqual(Object.keys(english).sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang} has every key of every other language and no empty value`, () => {
      for (const [ns, keys] of Object.entries(english)) {
        const mine = byLanguage[lang]![ns] ?? {};
        const expected = new Set(Object.keys(keys).map(base));
        const actual = new Set(Object.keys(mine).map(base));
        for (const other of LANGUAGES)
          for (const k of Object.keys(byLanguage[other]![ns] ?? {})) expected.add(base(k));
        expect(
          [...expected].filter((k) => !actual.has(k)),
          `${lang}/${ns}.json is missing`,
        ).toEqual([]);
        expect(
          Object.entries(mine)
            .filter(([, v]) => !v.trim())
            .map(([k]) => k),
          `${lang}/${ns}.json has empty values`,
        ).toEqual([]);
      }
    });
  }

  it('contain every literal key used by t() in the portal', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(ROOT, 'src/app'));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const defaultNs =
        /useTranslation\(\s*['"](\w+)['"]/.exec(text)?.[1] ??
        /useTranslation\(\s*\[\s*['"](\w+)['"]/.exec(text)?.[1] ??
        'common';
      for (const match of text.matchAll(/\bt\(\s*['"]([\w.:-]+)['"]/g)) {
        const raw = match[1]!;
        const [ns, key] = raw.includes(':') ? (raw.split(':', 2) as [string, string]) : [defaultNs, raw];
        const keys = english[ns];
        const found =
          keys &&
          (keys[key] !== undefined ||
            Object.keys(keys).some((k) => base(k) === key || k.startsWith(`${key}.`)));
        if (!found) missing.push(`${path.relative(ROOT, file)}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
