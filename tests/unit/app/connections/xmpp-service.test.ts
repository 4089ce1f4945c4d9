/**
 * The portal's chat transport choice (docs/reliability.md "WebSockets blocked"): WebSocket when a
 * probe to `/xmpp-websocket` opens, BOSH when it is refused, fails or hangs; the URLs follow the
 * page's origin (wss on https).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseXmppService, xmppServices } from '../../../../src/app/connections/chat/xmpp-service';

type Outcome = 'open' | 'error' | 'close' | 'hang' | 'throw';

/** A WebSocket stand-in whose probe ends as told, recording what was opened and closed. */
function fakeWebSocket(outcome: Outcome) {
  const opened: Array<{ url: string; protocol: string | undefined }> = [];
  let closed = 0;
  class FakeSocket {
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onclose: (() => void) | null = null;
    constructor(url: string, protocol?: string) {
      if (outcome === 'throw') throw new SyntaxError('blocked URL');
      opened.push({ url, protocol });
      if (outcome === 'hang') return;
      setTimeout(
        () => (outcome === 'open' ? this.onopen : outcome === 'error' ? this.onerror : this.onclose)?.(),
        1,
      );
    }
    close() {
      closed++;
    }
  }
  vi.stubGlobal('WebSocket', FakeSocket);
  return { opened, closed: () => closed };
}

const services = xmppServices({
  protocol: 'http:',
  host: 'portal.test:8080',
  origin: 'http://portal.test:8080',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the chat transport of the portal', () => {
  it('derives both URLs from the page, wss behind https', () => {
    expect(services).toEqual({
      websocket: 'ws://portal.test:8080/xmpp-websocket',
      bosh: 'http://portal.test:8080/http-bind',
    });
    expect(
      xmppServices({ protocol: 'https:', host: 'portal.example', origin: 'https://portal.example' })
        .websocket,
    ).toBe('wss://portal.example/xmpp-websocket');
  });

  it('uses WebSocket when the probe opens, and closes the probe', async () => {
    const socket = fakeWebSocket('open');
    await expect(chooseXmppService(services)).resolves.toBe(services.websocket);
    expect(socket.opened).toEqual([{ url: services.websocket, protocol: 'xmpp' }]);
    expect(socket.closed()).toBe(1);
  });

  it.each<Outcome>(['error', 'close', 'throw'])(
    'falls back to BOSH when the probe ends with %s',
    async (outcome) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      fakeWebSocket(outcome);
      await expect(chooseXmppService(services)).resolves.toBe(services.bosh);
    },
  );

  it('falls back to BOSH when the probe neither opens nor fails in time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const socket = fakeWebSocket('hang');
    const chosen = chooseXmppService(services, 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(chosen).resolves.toBe(services.bosh);
    expect(socket.closed()).toBe(1);
  });
});
