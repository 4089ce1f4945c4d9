/**
 * i18next with the five languages of spec §1: English (default), Spanish, German, French,
 * Italian. One JSON file per language and namespace under `locales/`; the saved language
 * (localStorage `language`) is used if supported, otherwise English.
 *
 * Only the active language is loaded, and only what the route needs (docs/performance.md
 * "Route budgets"): `common` at start, `auth` with the pages that sign in, sign up or change how
 * one does (`AUTH_NAMESPACE`), the shell's namespaces (one chunk) with the signed-in shell, and
 * each page's own namespaces (a chunk each) with its route (`namespaces` in
 * src/app/router/route-table.ts). A language switch loads the same namespaces in
 * the new language before it shows.
 */
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { storage } from '../storage/local-storage';

type Resources = Record<string, Record<string, unknown>>;

/** Per language, what every page reads (`common`), in the start's chunk of that language. */
const publicChunks = import.meta.glob<Resources>('./locales/*/public.ts', { import: 'default' });
/** Per language, the sign-in, sign-up and password texts: a chunk each, loaded by the routes that show them. */
const authChunks = import.meta.glob<Record<string, unknown>>('./locales/*/auth.json', { import: 'default' });

const PUBLIC_NAMESPACES: readonly string[] = ['common'];
/**
 * Read by the login and sign-up pages and by the settings' password and second-factor sections: a
 * page namespace that the public pages load too, so not through the signed-in map.
 */
export const AUTH_NAMESPACE = 'auth';

/**
 * What the signed-in shell and everything it shows on any page read (the menu's red dots, the chat
 * and its toasts, the call host, the e-mail banner): loaded with the shell.
 */
export const SHELL_NAMESPACES: readonly string[] = ['calls', 'messages', 'notifications', 'verification'];

/**
 * Read by some pages only: each route names those it needs (src/app/router/route-table.ts); the
 * audit popup, which may open on any page, loads `profile` with its own chunk.
 */
export const PAGE_NAMESPACES = [
  AUTH_NAMESPACE,
  'charts',
  'intake',
  'profile',
  'reports',
  'schedule',
  'settings',
  'workspace',
] as const;
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

/** Every namespace (a file of each language under locales/; tests/unit/app/i18n-keys.test.ts). */
export const NAMESPACES: readonly string[] = [...PUBLIC_NAMESPACES, ...SHELL_NAMESPACES, ...PAGE_NAMESPACES];

/**
 * One namespace in one language; the signed-in shell's and the pages' through maps of their own
 * (signed-in-locales.ts, page-locales.ts).
 */
async function translations(language: string, namespace: string): Promise<unknown> {
  if (namespace === AUTH_NAMESPACE) return authChunks[`./locales/${language}/auth.json`]?.();
  if ((PAGE_NAMESPACES as readonly string[]).includes(namespace)) {
    return (await import('./page-locales')).pageTranslations(language, namespace);
  }
  if (!PUBLIC_NAMESPACES.includes(namespace)) {
    return (await import('./signed-in-locales')).signedInTranslations(language, namespace);
  }
  const load = publicChunks[`./locales/${language}/public.ts`];
  return load && (await load())[namespace];
}

/** i18next's backend interface over the chunks above. */
const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    translations(language, namespace).then(
      (resources) =>
        resources
          ? callback(null, resources as Record<string, unknown>)
          : callback(new Error(`No translations for ${language}/${namespace}`), false),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The saved language if supported, otherwise the default (spec §1). */
export function initialLanguage(): Language {
  const saved = storage.get('language');
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/**
 * Settled once `initI18n` is done. The router starts its first navigation, and with it the route's
 * `withNamespaces` loads, as soon as it is created (src/app/main.tsx), before `initI18n` has run;
 * i18next's `loadNamespaces` called before `init` returns at once and loads nothing, so the
 * namespaces wait for this.
 */
let markInitialised: () => void = () => undefined;
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(localeChunks)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      // Every language has every key (tests/unit/app/i18n-keys.test.ts): no fallback to load.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [...PUBLIC_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = i18next.language;
  markInitialised();
  return i18next;
}

/**
 * A route's loader that also loads the namespaces its pages read, so they render translated and
 * code outside React (a connection's toasts) finds them in the store. The chunk loads at once;
 * the namespaces once i18next is initialised.
 */
export function withNamespaces<T>(load: () => Promise<T>, ...namespaces: string[]): () => Promise<T> {
  const loadNamespaces = async () => {
    if (!i18next.isInitialized) {
      // Their chunks start now, beside i18next's own start, rather than after it: one step of
      // fetching less before the first paint (docs/performance.md "The route's chunks beside the
      // languages"). i18next reads them from the module cache once initialised, and reports a
      // failure then.
      const language = initialLanguage();
      for (const namespace of namespaces) translations(language, namespace).catch(() => undefined);
      await initialised;
    }
    await i18next.loadNamespaces(namespaces);
  };
  return async () => (await Promise.all([load(), loadNamespaces()]))[0];
}

export async function setLanguage(language: Language): Promise<void> {
  storage.set('language', language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
