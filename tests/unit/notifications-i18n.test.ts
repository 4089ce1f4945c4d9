/** The notifications namespace exists in all five languages with the same keys (docs/architecture.md §3 "no missing keys"). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/constants';
import { NOTIFICATION_CATEGORIES } from '../../src/shared/notification-categories';
import { ROOT } from '../support/stack';

const load = (lang: string) =>
  JSON.parse(
    readFileSync(path.join(ROOT, 'src/app/i18n/locales', lang, 'notifications.json'), 'utf8'),
  ) as Record<string, unknown>;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('notifications.json', () => {
  const english = keys(load('en')).sort();

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys, translated', (lang) => {
    const strings = load(lang);
    expect(keys(strings).sort()).toEqual(english);
    expect((strings.settings as { intro: string }).intro).not.toBe(
      (load('en').settings as { intro: string }).intro,
    );
  });

  it('names every notification category', () => {
    for (const c of NOTIFICATION_CATEGORIES) expect(english).toContain(`categories.${c}`);
  });
});
