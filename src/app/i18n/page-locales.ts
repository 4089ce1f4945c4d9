/**
 * Where the translations only some signed-in pages read are (`PAGE_NAMESPACES`, index.ts): a map
 * of its own, loaded with the first page that reads one (its document names it,
 * scripts/lib/route-pages.mjs), so a page that reads none, `/message`, carries no map of them
 * (docs/performance.md "Route budgets").
 */

/** Per language and namespace, a chunk each. */
const pageChunks = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/{common,auth,calls,messages,notifications,verification}.json'],
  { import: 'default' },
);

/** One page namespace in one language; undefined if there is none. */
export function pageTranslations(language: string, namespace: string): Promise<unknown> | undefined {
  return pageChunks[`./locales/${language}/${namespace}.json`]?.();
}
