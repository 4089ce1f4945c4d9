/**
 * A route's translations (src/app/i18n `withNamespaces`): the router starts its first navigation
 * when it is created, before i18next is initialised (src/app/main.tsx), and starts its namespaces'
 * chunks then; they must be in the store once the route has loaded — the chat's
 * toasts read them with `i18next.t` outside React (spec §8 login flow messages).
 */
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, withNamespaces } from '../../../src/app/i18n';

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

    await initI18n();
    expect(await route).toBe('shell');
    expect(i18next.hasResourceBundle('en', 'messages')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'calls')).toBe(true);
    expect(i18next.t('messages:errors.session')).toBe(
      'Failed to create the session, please try refreshing the page to re-request!',
    );
  });
});
