/**
 * A call controller's effects for tests (call-effects.ts), in the manner of Medplum's MockClient:
 * the call client of src/webrtc over scripted peer links (tests/unit/webrtc/scripted.ts), media
 * that opens at once, a server whose `/call/iceServers` and client lookup answer from fixtures, and
 * a ring tone, notifications and toasts that are only recorded. Nothing of ours is mocked.
 */
import { createCallClientWith } from '../../../../src/webrtc/client/call-client';
import type { FakeClock } from '../../../../src/webrtc';
import type { CallEffects } from '../../../../src/app/features/calls/call-effects';
import { fakeStream, scriptedLinks } from '../../webrtc/scripted';

export interface TestCallEffects extends CallEffects {
  toasts: string[];
  /** Each ring tone started (call-ringer.ts), and whether it was stopped since. */
  rings: Array<{ title: string; stopped: boolean }>;
  /** The titles of the browser notifications shown. */
  notified: string[];
  /** The scripted links of the last call client made (their options carry the ICE servers). */
  links(): ReturnType<typeof scriptedLinks>;
}

export interface TestCallEffectsOptions {
  /** Chat ids the provider has no consultation, report or dialog with: the lookup answers NOT_FOUND. */
  strangers?: ReadonlySet<number>;
  iceServers?: RTCIceServer[];
  clock?: FakeClock;
}

export function testCallEffects(options: TestCallEffectsOptions = {}): TestCallEffects {
  const toasts: string[] = [];
  const notified: string[] = [];
  const rings: TestCallEffects['rings'] = [];
  let links: ReturnType<typeof scriptedLinks> | null = null;
  return {
    toasts,
    notified,
    rings,
    links: () => {
      if (!links) throw new Error('No call client was made');
      return links;
    },
    createCallClient(clientOptions) {
      links = scriptedLinks();
      return createCallClientWith(
        options.clock ? { ...clientOptions, clock: options.clock } : clientOptions,
        links.create,
      );
    },
    bandwidthLine: 'AS',
    openMedia: () => Promise.resolve(fakeStream()),
    stopStream: () => undefined,
    iceServers: () =>
      Promise.resolve({ iceServers: options.iceServers ?? [], expiresAt: '2033-05-18T03:33:20.000Z' }),
    clientByChatId: (chatId) =>
      options.strangers?.has(chatId)
        ? Promise.reject(new Error('NOT_FOUND'))
        : Promise.resolve({ name: 'Ruth Member', avatar: null }),
    notify: (title) => {
      notified.push(title);
      return () => undefined;
    },
    ring: (title) => {
      const ring = { title, stopped: false };
      rings.push(ring);
      return { silence: () => undefined, stop: () => void (ring.stopped = true) };
    },
    toast: (text) => void toasts.push(text),
    country: () => null,
    t: (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key),
  };
}
