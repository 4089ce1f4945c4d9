/**
 * i18next with the five languages of spec §1: English (default), Spanish, German, French,
 * Italian. One JSON file per language and namespace under `locales/`; the saved language
 * (localStorage `language`) is used if supported, otherwise English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { storage } from '../storage/local-storage';

/** One chunk per language, loaded when needed: the login route carries only the one in use. */
const bundles = import.meta.glob<Record<string, Record<string, unknown>>>('./locales/*/index.ts', {
  import: 'default',
});

async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'common')) return;
  const load = bundles[`./locales/${language}/index.ts`];
  if (!load) throw new Error(`No translations for ${language}`);
  for (const [ns, resources] of Object.entries(await load()))
    i18next.addResourceBundle(language, ns, resources, true, true);
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
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    partialBundledLanguages: true,
  });
  await Promise.all([loadLanguage(language), loadLanguage(DEFAULT_LANGUAGE)]);
  await i18next.changeLanguage(language);
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storage.set('language', language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
