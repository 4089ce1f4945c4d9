/**
 * A route's translations (src/app/i18n `withNamespaces`): the router starts its first navigation
 * when it is created, before i18next is initialised (src/app/main.tsx): the namespaces' chunks
 * start loading then, and must be in the store once the route has loaded — the chat's
 * toasts read them with `i18next.t` outside React (spec §8 login flow messages).
 */
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, withNamespaces } from '../../../src/app/i18n';
import englishShell from '../../../src/app/i18n/locales/en/signed-in';

/** Who asked for which signed-in translations, and whether i18next was initialised then. */
const asked = vi.hoisted(() => [] as { language: string; namespace: string; initialised: boolean }[]);
// English's shell namespaces, as the real map gives them.
vi.mock('../../../src/app/i18n/signed-in-locales', () => ({
  signedInTranslations: async (language: string, namespace: string) => {
    asked.push({ language, namespace, initialised: i18next.isInitialized === true });
    return (englishShell as Record<string, unknown>)[namespace];
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a route loaded before i18next is initialised', () => {
  it('has its namespaces in the store once it has loaded', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null, setItem: () => undefined } });
    vi.stubGlobal('document', { documentElement: {} });
    let routeLoaded = false;
    const route = withNamespaces(async () => 'shell', 'messages', 'calls')().then((value) => {
      routeLoaded = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(routeLoaded).toBe(false);
    // Their chunks are on their way before i18next is started, not after it. (Only the first is
    // seen here: of two imports of a mocked module at once, vitest gives the second the real one.)
    await vi.waitFor(() =>
      expect(asked).toContainEqual({ language: 'en', namespace: 'messages', initialised: false }),
    );

    await initI18n();
    expect(await route).toBe('shell');
    expect(i18next.hasResourceBundle('en', 'messages')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'calls')).toBe(true);
    expect(i18next.t('messages:errors.session')).toBe(
      'Failed to create the session, please try refreshing the page to re-request!',
    );
  });
});
