/**
 * The console's seam (api/traffic.ts): REST calls, STOMP frames and stanzas reach listeners while
 * there are any, and nothing is published without them; the module carrier a calls feature uses.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observedFetch } from '../../../../src/app/api/observed-fetch';
import { createTraffic, type TrafficEvent } from '../../../../src/app/api/traffic';
import { observedWebSocket } from '../../../../src/app/connections/app-socket/observed-web-socket';
import { moduleCarrier, type ModuleMessage } from '../../../../src/xmpp';
import { connectedTestClient } from '../../../../src/xmpp/testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('traffic seam', () => {
  it('tells a watcher when the first listener comes and the last goes', () => {
    const traffic = createTraffic();
    const changes: boolean[] = [];
    traffic.onListening((listening) => changes.push(listening));
    const offA = traffic.subscribe(() => undefined);
    const offB = traffic.subscribe(() => undefined);
    offA();
    expect(traffic.listening).toBe(true);
    offB();
    expect(changes).toEqual([true, false]);
    expect(traffic.listening).toBe(false);
  });

  it('keeps publishing to the others when a listener throws', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const traffic = createTraffic();
    const seen: TrafficEvent[] = [];
    traffic.subscribe(() => {
      throw new Error('console bug');
    });
    traffic.subscribe((event) => seen.push(event));
    traffic.publish({ channel: 'stomp', direction: 'in', frame: 'MESSAGE' });
    expect(seen).toHaveLength(1);
  });

  it('observes REST calls only while someone listens, answers and failures alike', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('down')) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 201 });
    });
    vi.stubGlobal('fetch', fetch);
    const traffic = createTraffic();
    const observed = observedFetch('chat-service', traffic);
    await observed('http://portal.test/qb/session.json', { method: 'POST' });
    const seen: TrafficEvent[] = [];
    traffic.subscribe((event) => seen.push(event));
    await observed(new Request('http://portal.test/qb/chat/Dialog.json'));
    await expect(observed('http://portal.test/qb/down')).rejects.toThrow('Failed to fetch');
    expect(fetch).toHaveBeenCalledTimes(3);
    // The answer's text is read from a copy beside the caller, so its event may come a little later.
    await vi.waitFor(() => expect(seen).toHaveLength(4), { timeout: 30_000 });
    const call = (url: string) => ({ channel: 'rest', service: 'chat-service', method: 'GET', url });
    expect(seen).toEqual(
      expect.arrayContaining([
        { ...call('http://portal.test/qb/chat/Dialog.json'), direction: 'out' },
        {
          ...call('http://portal.test/qb/chat/Dialog.json'),
          direction: 'in',
          status: 201,
          durationMs: expect.any(Number),
          responseBody: '{}',
        },
        { ...call('http://portal.test/qb/down'), direction: 'out' },
        {
          ...call('http://portal.test/qb/down'),
          direction: 'in',
          status: null,
          durationMs: expect.any(Number),
        },
      ]),
    );
  });

  it('observes STOMP frames in and out only while someone listens', () => {
    const sent: unknown[] = [];
    const socket = Object.assign(new EventTarget(), {
      send: (data: unknown) => sent.push(data),
    }) as unknown as WebSocket;
    const traffic = createTraffic();
    const observed = observedWebSocket(socket, traffic);
    observed.send('CONNECT\n\n\0');
    observed.dispatchEvent(new MessageEvent('message', { data: 'CONNECTED\n\n\0' }));
    const seen: TrafficEvent[] = [];
    traffic.subscribe((event) => seen.push(event));
    observed.send('SUBSCRIBE\n\n\0');
    observed.dispatchEvent(new MessageEvent('message', { data: 'MESSAGE\n\n\0' }));
    expect(sent).toEqual(['CONNECT\n\n\0', 'SUBSCRIBE\n\n\0']);
    expect(seen).toEqual([
      { channel: 'stomp', direction: 'out', frame: 'SUBSCRIBE\n\n\0' },
      { channel: 'stomp', direction: 'in', frame: 'MESSAGE\n\n\0' },
    ]);
  });
});

describe('module carrier', () => {
  it("hands one module's headlines to its listener and sends them", async () => {
    const { client, mock } = await connectedTestClient();
    const calls: ModuleMessage[] = [];
    const carrier = moduleCarrier(client);
    const off = carrier.on('WebRTCVideoChat', (m) => calls.push(m));
    const headline = (module: string, id: string) =>
      `<message type="headline" id="${id}" from="200001-1001@localhost/r"><extraParams xmlns="jabber:client"><moduleIdentifier>${module}</moduleIdentifier><signalType>call</signalType></extraParams></message>`;
    mock.mockInput(headline('WebRTCVideoChat', 'h1'));
    mock.mockInput(headline('OtherModule', 'h2'));
    off();
    mock.mockInput(headline('WebRTCVideoChat', 'h3'));
    expect(calls.map((m) => m.id)).toEqual(['h1']);

    const out = mock.catchOutgoing((e) => e.name === 'message');
    const id = carrier.send(200001, 'WebRTCVideoChat', { extension: { signalType: 'accept' } });
    const stanza = await out;
    expect(stanza.attrs).toMatchObject({ type: 'headline', id, to: '200001-1001@localhost' });
    expect(stanza.child('extraParams')?.childText('moduleIdentifier')).toBe('WebRTCVideoChat');
  });
});
