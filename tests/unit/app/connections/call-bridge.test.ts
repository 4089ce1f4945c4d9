/**
 * The ring listener of connections/calls/call-bridge.ts: call signals that arrive before the
 * lazily loaded call code listens are kept (fresh ones, in order, delayed ones dropped) and handed
 * to it once it attaches; a `call` signal asks for the call code; later signals go straight through.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { XmlElement } from '../../../../src/xmpp';
import type { ModuleMessage } from '../../../../src/xmpp';
import {
  CALL_MODULE,
  createCallBridge,
  type CallBridge,
} from '../../../../src/app/connections/calls/call-bridge';
import type { ChatRuntime } from '../../../../src/app/connections';

function signal(signalType: string, id: string, delayed = false): ModuleMessage {
  return {
    id,
    userId: 200005,
    body: null,
    extension: { moduleIdentifier: CALL_MODULE, signalType, sessionID: 's1' },
    moduleIdentifier: CALL_MODULE,
    from: '200005-1001@localhost/app',
    extraParams: new XmlElement('extraParams'),
    delayed,
  };
}

function runtime(sent: unknown[] = []): ChatRuntime {
  return {
    modules: {
      on: () => () => undefined,
      send: (...args: unknown[]) => {
        sent.push(args);
        return 'id';
      },
    },
  } as unknown as ChatRuntime;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let bridge: CallBridge;
let now = 0;
beforeEach(() => {
  now = 0;
  bridge = createCallBridge(() => now);
});
const hearCallSignal = (message: ModuleMessage, at?: number) => bridge.hear(message, at);
const hearSentCallSignal = (message: ModuleMessage) => bridge.hearSent(message);
const callCarrier = (chat: ChatRuntime) => bridge.carrier(chat);

describe('call bridge', () => {
  it('forgets a ring that another tab answered or refused before the call code loaded here', async () => {
    hearCallSignal(signal('call', 'a'));
    hearSentCallSignal(signal('iceCandidates', 'mine'));
    const other = {
      ...signal('call', 'b'),
      extension: { ...signal('call', 'b').extension, sessionID: 's2' },
    };
    hearCallSignal(other);
    hearSentCallSignal(signal('accept', 'answered'));
    const heard: string[] = [];
    callCarrier(runtime()).on(CALL_MODULE, (m) => heard.push(m.id));
    await flush();
    expect(heard).toEqual(['b']);
  });

  it('keeps a ring that arrives before the call code and hands it over in order', async () => {
    expect(bridge.get().wanted).toBe(false);
    hearCallSignal(signal('call', 'a'));
    hearCallSignal(signal('iceCandidates', 'b'));
    hearCallSignal(signal('call', 'late', true));
    expect(bridge.get().wanted).toBe(true);
    const heard: string[] = [];
    callCarrier(runtime()).on(CALL_MODULE, (m) => heard.push(m.id));
    expect(heard).toEqual([]);
    await flush();
    expect(heard).toEqual(['a', 'b']);
    hearCallSignal(signal('hangUp', 'c'));
    expect(heard).toEqual(['a', 'b', 'c']);
  });

  it('drops signals older than the answer time', async () => {
    hearCallSignal(signal('call', 'old'), 1_000);
    hearCallSignal(signal('call', 'new'), 50_000);
    const heard: string[] = [];
    now = 62_000;
    callCarrier(runtime()).on(CALL_MODULE, (m) => heard.push(m.id));
    await flush();
    expect(heard).toEqual(['new']);
  });

  it('does not ask for the call code for signals other than a ring', () => {
    hearCallSignal(signal('hangUp', 'x'));
    expect(bridge.get().wanted).toBe(false);
  });

  it('keeps signals again once the call code stops listening, and refuses a second listener', async () => {
    const carrier = callCarrier(runtime());
    const off = carrier.on(CALL_MODULE, () => undefined);
    expect(() => carrier.on(CALL_MODULE, () => undefined)).toThrow();
    off();
    hearCallSignal(signal('call', 'again'));
    const heard: string[] = [];
    carrier.on(CALL_MODULE, (m) => heard.push(m.id));
    await flush();
    expect(heard).toEqual(['again']);
  });

  it('sends through the chat, and hands a requested call over once', () => {
    const sent: unknown[] = [];
    callCarrier(runtime(sent)).send(200005, CALL_MODULE, { extension: { signalType: 'call' } });
    expect(sent).toEqual([[200005, CALL_MODULE, { extension: { signalType: 'call' } }]]);
    bridge.request({ opponentId: 200005, media: 'audio' });
    expect(bridge.get().wanted).toBe(true);
    expect(bridge.take()).toEqual({ opponentId: 200005, media: 'audio' });
    expect(bridge.take()).toBeNull();
  });
});
