/**
 * i18next with the five languages of spec §1: English (default), Spanish, German, French,
 * Italian. One JSON file per language and namespace under `locales/`; the saved language
 * (localStorage `language`) is used if supported, otherwise English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { storage } from '../storage/local-storage';

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resources() {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(files)) {
    const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (lang && ns) (out[lang] ??= {})[ns] = content;
  }
  return out;
}

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The saved language if supported, otherwise the default (spec §1). */
export function initialLanguage(): Language {
  const saved = storage.get('language');
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<typeof i18next> {
  const res = resources();
  await i18next.use(initReactI18next).init({
    resources: res,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(res[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function setLanguage(language: Language): Promise<void> {
  storage.set('language', language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
