/** The console's seam: every stanza in and out reaches `traffic` listeners, only while they listen. */
import { describe, expect, it } from 'vitest';
import {
  createChatClient,
  type BoshRequestTraffic,
  type StanzaTraffic,
  type TransportHandlers,
} from '../../../src/xmpp';
import { connectedTestClient, createFakeClock, createMockTransport, flush } from '../../../src/xmpp/testing';
import { observeTraffic } from '../../../src/xmpp/transport/observed-transport';

describe('chat client traffic', () => {
  it('shows stanzas out and in, in order, to a listener', async () => {
    const { client, mock } = await connectedTestClient();
    const seen: StanzaTraffic[] = [];
    const off = client.traffic.on('stanza', (t) => seen.push(t));
    const id = client.send(200001, { body: 'hello' });
    mock.mockInput(
      `<message type="chat" id="m1" from="200001-1001@localhost/phone" to="100001-1001@localhost"><body>hi</body></message>`,
    );
    off();
    client.send(200001, { body: 'unseen' });
    expect(seen.map((t) => [t.direction, t.element.name, t.element.attrs.id])).toEqual([
      ['out', 'message', id],
      ['in', 'message', 'm1'],
    ]);
    expect(seen[0]!.element.childText('body')).toBe('hello');
  });

  it('builds nothing for nobody: no listener, no observation, and the stream works the same', async () => {
    const mock = createMockTransport();
    const observed = observeTraffic(mock.factory);
    let emitted = 0;
    const emit = observed.events.emit;
    observed.events.emit = (event, payload) => {
      emitted += 1;
      emit(event, payload);
    };
    const client = createChatClient({
      service: 'ws://chat.test/xmpp-websocket',
      domain: 'localhost',
      appId: 1001,
      resource: 'test',
      keepAliveIntervalMs: 0,
      scheduler: createFakeClock(),
      transportFactory: observed.factory,
    });
    await client.connect({ userId: 100001, password: 'secret' });
    await flush();
    client.send(200001, { body: 'quiet' });
    expect(emitted).toBe(0);
    expect(mock.sent.some((e) => e.childText('body') === 'quiet')).toBe(true);
    const off = observed.events.on('stanza', () => undefined);
    client.send(200001, { body: 'heard' });
    off();
    expect(emitted).toBe(1);
  });

  it('hands BOSH requests to boshRequest listeners, and no observer to the transport without one', async () => {
    const mock = createMockTransport();
    let handlers: TransportHandlers | undefined;
    const client = createChatClient({
      service: 'http://chat.test/http-bind',
      domain: 'localhost',
      appId: 1001,
      resource: 'test',
      keepAliveIntervalMs: 0,
      scheduler: createFakeClock(),
      transportFactory: (options, given) => {
        handlers = given;
        return mock.factory(options, given);
      },
    });
    await client.connect({ userId: 100001, password: 'secret' });
    await flush();
    expect(handlers?.requestObserver?.()).toBeNull();
    const seen: BoshRequestTraffic[] = [];
    const off = client.traffic.on('boshRequest', (request) => seen.push(request));
    const request: BoshRequestTraffic = {
      url: 'http://chat.test/http-bind',
      status: 200,
      durationMs: 12,
      requestBody: '<body rid="7"/>',
      responseBody: '<body/>',
    };
    handlers?.requestObserver?.()?.(request);
    off();
    expect(seen).toEqual([request]);
    expect(handlers?.requestObserver?.()).toBeNull();
  });
});
