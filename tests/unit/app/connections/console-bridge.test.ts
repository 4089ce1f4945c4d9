/**
 * Issue 14 "Inspect a live portal tab": a portal tab listens to its traffic seam only while a
 * console keeps it attached, and forwards what the seam carries; otherwise nothing listens.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTraffic } from '../../../../src/app/api/traffic';
import { startConsoleBridge } from '../../../../src/app/connections/console-bridge';
import { LIVE_CHANNEL, type LiveMessage } from '../../../../src/trace';
import { xml } from '../../../../src/xmpp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function consoleSide() {
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  const seen: LiveMessage[] = [];
  channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => seen.push(data);
  const next = (type: LiveMessage['type']) =>
    vi.waitFor(
      () => {
        const found = seen.find((m) => m.type === type);
        if (!found) throw new Error(`no ${type} yet`);
        return found;
      },
      { timeout: 30_000 },
    );
  return { channel, seen, next };
}

describe('console bridge', () => {
  it('listens only while attached, forwards stanzas as text, and lets go on detach', async () => {
    vi.stubGlobal('window', { location: { pathname: '/message' } });
    const traffic = createTraffic();
    const side = consoleSide();
    const stop = startConsoleBridge(traffic);
    try {
      const tab = (await side.next('tab')) as Extract<LiveMessage, { type: 'tab' }>;
      expect(tab.page).toBe('/message');
      expect(traffic.listening).toBe(false);

      side.channel.postMessage({ type: 'attach', tab: tab.tab } satisfies LiveMessage);
      await vi.waitFor(() => expect(traffic.listening).toBe(true), { timeout: 30_000 });
      traffic.publish({
        channel: 'xmpp',
        direction: 'in',
        element: xml('message', { id: 'm1' }, xml('body', {}, 'hi')),
      });
      const forwarded = (await side.next('traffic')) as Extract<LiveMessage, { type: 'traffic' }>;
      expect(forwarded.event).toEqual({
        channel: 'xmpp',
        direction: 'in',
        xml: '<message id="m1"><body>hi</body></message>',
      });

      // A tab that fell back to BOSH: the HTTP requests around the stanzas go along too.
      const request = {
        url: 'http://127.0.0.1:8080/http-bind',
        status: 200,
        durationMs: 40,
        requestBody: '<body rid="5"/>',
        responseBody: '<body/>',
      };
      traffic.publish({ channel: 'bosh', request });
      await vi.waitFor(
        () =>
          expect(side.seen).toContainEqual({
            type: 'traffic',
            tab: tab.tab,
            event: { channel: 'bosh', ...request },
          }),
        { timeout: 30_000 },
      );

      side.channel.postMessage({ type: 'detach', tab: tab.tab } satisfies LiveMessage);
      await vi.waitFor(() => expect(traffic.listening).toBe(false), { timeout: 30_000 });
    } finally {
      stop();
      side.channel.close();
    }
  });

  it('lets go by itself when the console stops repeating attach', async () => {
    vi.stubGlobal('window', { location: { pathname: '/' } });
    const traffic = createTraffic();
    const side = consoleSide();
    const stop = startConsoleBridge(traffic);
    try {
      const tab = (await side.next('tab')) as Extract<LiveMessage, { type: 'tab' }>;
      side.channel.postMessage({ type: 'attach', tab: tab.tab } satisfies LiveMessage);
      await vi.waitFor(() => expect(traffic.listening).toBe(true), { timeout: 30_000 });
      await vi.waitFor(() => expect(traffic.listening).toBe(false), { timeout: 30_000, interval: 200 });
    } finally {
      stop();
      side.channel.close();
    }
  });
});
