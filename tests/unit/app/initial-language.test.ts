/** Spec §1: the saved language is used if supported, otherwise the default (en). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage, isLanguage } from '../../../src/app/i18n';

function saveLanguage(value: string | null) {
  const store = new Map<string, string>(value === null ? [] : [['language', value]]);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, v: string) => store.set(key, v),
      removeItem: (key: string) => store.delete(key),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the language at start', () => {
  it.each(['en', 'es', 'de', 'fr', 'it'])('uses the saved %s', (language) => {
    saveLanguage(language);
    expect(initialLanguage()).toBe(language);
  });

  it.each([['pt'], ['EN'], ['de-DE'], [''], ['zh-Hans']])(
    'falls back to en from an unsupported %j',
    (saved) => {
      saveLanguage(saved);
      expect(isLanguage(saved)).toBe(false);
      expect(initialLanguage()).toBe('en');
    },
  );

  it('falls back to en when nothing is saved or storage is unavailable', () => {
    saveLanguage(null);
    expect(initialLanguage()).toBe('en');
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError: storage is disabled');
      },
    });
    expect(initialLanguage()).toBe('en');
  });
});
