/**
 * Where the signed-in pages' translations are (docs/performance.md "Route budgets"): a chunk of
 * its own, so the login route carries no map of them, which a signed-in page's document asks for
 * beside the start chunk (docs/performance.md "The route's chunks asked for with the document").
 */
type Resources = Record<string, Record<string, unknown>>;

/** Per language, the signed-in shell's namespaces in one chunk (`locales/<language>/signed-in.ts`). */
const shellChunks = import.meta.glob<Resources>('./locales/*/signed-in.ts', { import: 'default' });
/** Per language and namespace, the namespaces only some pages read (`PAGE_NAMESPACES`): a chunk each. */
const pageChunks = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/{common,auth,calls,messages,notifications,verification}.json'],
  { import: 'default' },
);

/** One signed-in namespace in one language; undefined if there is none. */
export async function signedInTranslations(language: string, namespace: string): Promise<unknown> {
  const page = pageChunks[`./locales/${language}/${namespace}.json`];
  if (page) return page();
  const shell = shellChunks[`./locales/${language}/signed-in.ts`];
  return shell && (await shell())[namespace];
}
