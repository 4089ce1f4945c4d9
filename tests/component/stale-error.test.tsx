/**
 * A message the own API's failure said (spec §8) goes once a later call to the same endpoint
 * succeeds (src/app/api/api-client.ts): Amelia's "Try again" that worked leaves
 * no error beside the data it brought. The portal root and its client are the page's own; only
 * the network is answered here, and toasts never time out in a test's root.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from '../../src/rest';
import { testRootWithApi } from './test-runtime';

const UNAVAILABLE = 'The service is unavailable.';

/** The page's fetch: `failing` paths answer 503 with the catalogue's shape, the rest OK with no data. */
function network(failing: Set<string>) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const failed = failing.has(path);
    return new Response(
      JSON.stringify(failed ? { code: 'UNAVAILABLE', message: UNAVAILABLE } : { code: 'OK', data: null }),
      { status: failed ? 503 : 200, headers: { 'content-type': 'application/json' } },
    );
  });
}

// Two endpoints whose answer carries no data (src/shared/api/account.ts).
const ACTIVITY = '/user/user/sign/activity/doctor';
const SIGN_OUT = '/user/user/sign/out/doctor';

afterEach(() => vi.unstubAllGlobals());

describe('an error message a later success made stale', () => {
  it('goes when the endpoint that failed answers, and only then', async () => {
    const failing = new Set([ACTIVITY, SIGN_OUT]);
    network(failing);
    const { root, api } = testRootWithApi();
    const texts = () => root.toasts.state.items.map((toast) => toast.text);
    const account = accountApi(api.client);

    await expect(account.reportActivity()).rejects.toThrow(UNAVAILABLE);
    await expect(account.signOut()).rejects.toThrow(UNAVAILABLE);
    // Said once for both failures.
    expect(texts()).toEqual([UNAVAILABLE]);

    failing.delete(ACTIVITY);
    await account.reportActivity();
    // The other endpoint still fails: the message stays.
    expect(texts()).toEqual([UNAVAILABLE]);

    failing.delete(SIGN_OUT);
    await account.signOut();
    expect(texts()).toEqual([]);
  });

  it('leaves the messages its failures did not say', async () => {
    const failing = new Set([ACTIVITY]);
    network(failing);
    const { root, api } = testRootWithApi();
    const account = accountApi(api.client);
    // The chat's own message (src/app/connections/chat), not the API's.
    root.toasts.show('Your message could not be sent.');
    await expect(account.reportActivity()).rejects.toThrow(UNAVAILABLE);
    // An endpoint that never failed answers: nothing it said is stale.
    await account.signOut();
    expect(root.toasts.state.items.map((toast) => toast.text)).toEqual([
      'Your message could not be sent.',
      UNAVAILABLE,
    ]);
    failing.clear();
    await account.reportActivity();
    expect(root.toasts.state.items.map((toast) => toast.text)).toEqual(['Your message could not be sent.']);
  });
});
