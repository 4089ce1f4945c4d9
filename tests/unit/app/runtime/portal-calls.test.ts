/**
 * The portal runtime's calls (src/app/runtime/portal-calls.ts): the call controller is the
 * runtime's, made once when the call bridge first wants it (a ring, a request), and it listens on
 * whichever chat runs, only on it; a ring heard before its code loaded reaches it; a failed load is
 * tried again on the next request; the runtime's stop ends its listening.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatIdOf, member } from '../../../../fixtures';
import type { ModuleMessage } from '../../../../src/xmpp';
import { XmlElement } from '../../../../src/xmpp';
import {
  CALL_MODULE,
  createCallBridge,
  type CallBridge,
  type ChatRuntime,
} from '../../../../src/app/connections';
import { createExternalStore } from '../../../../src/app/connections/external-store';
import type { ChatLinkSnapshot } from '../../../../src/app/connections/chat/chat-link';
import type { CallController } from '../../../../src/app/features/calls/call-controller';
import { createPortalCalls, type PortalCalls } from '../../../../src/app/runtime/portal-calls';

const emma = member('emma');

function ring(id: string): ModuleMessage {
  return {
    id,
    userId: chatIdOf('emma'),
    body: null,
    extension: { moduleIdentifier: CALL_MODULE, signalType: 'call', sessionID: 's1' },
    moduleIdentifier: CALL_MODULE,
    from: `${emma.jid}/app`,
    extraParams: new XmlElement('extraParams'),
    delayed: false,
  };
}

const runningChat = (name: string): ChatRuntime =>
  ({ name, modules: { on: () => () => undefined, send: () => 'id' } }) as unknown as ChatRuntime;

interface FakeController {
  controller: CallController;
  /** The chats it was started on, and which of them are stopped. */
  started: string[];
  stopped: string[];
  heard: string[];
}

function fakeController(bridge: CallBridge): FakeController {
  const fake: FakeController = { controller: null as never, started: [], stopped: [], heard: [] };
  fake.controller = {
    start(runtime: ChatRuntime & { name: string }) {
      fake.started.push(runtime.name);
      const unlisten = bridge.carrier(runtime).on(CALL_MODULE, (message) => fake.heard.push(message.id));
      return () => {
        unlisten();
        fake.stopped.push(runtime.name);
      };
    },
  } as unknown as CallController;
  return fake;
}

const IDLE: ChatLinkSnapshot = { link: 'idle', failure: null, runtime: null, waiting: 0 };

describe('the portal runtime owns the call controller', () => {
  let bridge: CallBridge;
  let chat: ReturnType<typeof createExternalStore<ChatLinkSnapshot>>;
  let fake: FakeController;
  let loads: number;
  let failNext: boolean;
  let told: number;
  let calls: PortalCalls;
  let stop: () => void;

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const chatRuns = (name: string | null) =>
    chat.set({ ...IDLE, link: name ? 'online' : 'idle', runtime: name ? runningChat(name) : null });

  beforeEach(() => {
    bridge = createCallBridge();
    chat = createExternalStore<ChatLinkSnapshot>(IDLE);
    fake = fakeController(bridge);
    loads = 0;
    failNext = false;
    told = 0;
    calls = createPortalCalls({
      bridge,
      chat,
      load: () => {
        loads += 1;
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('chunk missing'));
        }
        return Promise.resolve(() => fake.controller);
      },
      onLoadFailed: () => (told += 1),
    });
    stop = calls.start();
  });
  afterEach(() => stop());

  it('loads nothing until a ring or a request wants the call code', async () => {
    chatRuns('first');
    await settle();
    expect(loads).toBe(0);
    expect(calls.get()).toEqual({ controller: null, chat: null });
  });

  it('makes the controller once and starts it on the running chat, which then hears the ring', async () => {
    chatRuns('first');
    bridge.hear(ring('r1'));
    bridge.hear(ring('r2'));
    await settle();
    expect(loads).toBe(1);
    expect(calls.get().controller).toBe(fake.controller);
    expect(calls.get().chat).toBe(chat.get().runtime);
    expect(fake.started).toEqual(['first']);
    expect(fake.heard).toEqual(['r1', 'r2']);
    bridge.request({ opponentId: chatIdOf('emma'), media: 'video' });
    await settle();
    expect(loads).toBe(1);
  });

  it('listens only on the chat that runs: a new chat replaces the old, none stops it', async () => {
    bridge.request({ opponentId: chatIdOf('emma'), media: 'audio' });
    await settle();
    expect(calls.get()).toEqual({ controller: fake.controller, chat: null });
    expect(fake.started).toEqual([]);
    chatRuns('first');
    chatRuns('second');
    expect(fake.started).toEqual(['first', 'second']);
    expect(fake.stopped).toEqual(['first']);
    chatRuns(null);
    expect(fake.stopped).toEqual(['first', 'second']);
    expect(calls.get().chat).toBeNull();
  });

  it('tells the provider when the code could not load, and tries again on the next request', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failNext = true;
    bridge.request({ opponentId: chatIdOf('emma'), media: 'video' });
    await settle();
    expect(calls.get().controller).toBeNull();
    expect(error).toHaveBeenCalledWith('The call code could not be loaded', expect.any(Error));
    expect(told).toBe(1);
    bridge.request({ opponentId: chatIdOf('emma'), media: 'video' });
    await settle();
    expect(loads).toBe(2);
    expect(calls.get().controller).toBe(fake.controller);
    expect(told).toBe(1);
    error.mockRestore();
  });

  it("stops listening with the runtime's stop and follows no chat after it", async () => {
    chatRuns('first');
    bridge.hear(ring('r1'));
    await settle();
    stop();
    expect(fake.stopped).toEqual(['first']);
    expect(calls.get().chat).toBeNull();
    chatRuns('second');
    expect(fake.started).toEqual(['first']);
    stop = calls.start();
    expect(fake.started).toEqual(['first', 'second']);
  });
});
