/**
 * Where the signed-in shell's translations are (docs/performance.md "Route budgets"): a chunk of
 * its own, so the login route carries no map of them, which a signed-in page's document asks for
 * beside the start chunk (docs/performance.md "The route's chunks asked for with the document").
 * The namespaces only some pages read have a map of their own (page-locales.ts).
 */
type Resources = Record<string, Record<string, unknown>>;

/** Per language, the signed-in shell's namespaces in one chunk (`locales/<language>/signed-in.ts`). */
const shellChunks = import.meta.glob<Resources>('./locales/*/signed-in.ts', { import: 'default' });

/** One namespace of the signed-in shell in one language; undefined if there is none. */
export async function signedInTranslations(language: string, namespace: string): Promise<unknown> {
  const shell = shellChunks[`./locales/${language}/signed-in.ts`];
  return shell && (await shell())[namespace];
}
