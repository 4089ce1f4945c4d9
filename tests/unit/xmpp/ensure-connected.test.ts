/**
 * Wire §20.4 step 2 over the chat: a ping that answers resolves at once; one that fails
 * reconnects and resolves on `reconnect`, or rejects on a failed re-login.
 */
import { describe, expect, it } from 'vitest';
import { ensureChatConnected, TimeoutError, type PingableChat, type PingCallback } from '../../../src/xmpp';

function scriptedChat(answer: 'ok' | 'fail' | 'throw') {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let reconnects = 0;
  /** The client's own events and its session's, keyed `owner event`. */
  const listenOnce = (owner: string) => (event: string, listener: (payload: unknown) => void) => {
    const key = `${owner} ${event}`;
    let set = listeners.get(key);
    if (!set) listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  };
  const chat = {
    ping(callback: PingCallback) {
      if (answer === 'throw') throw new Error('Chat is not connected');
      callback(answer === 'ok' ? null : new TimeoutError());
      return 'p1';
    },
    reconnect() {
      reconnects++;
    },
    once: listenOnce('client'),
    session: { once: listenOnce('session') },
  };
  return {
    chat: chat as unknown as PingableChat,
    reconnects: () => reconnects,
    listening: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    fire(event: string, payload?: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
  };
}

const settled = async (promise: Promise<void>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
};

describe('ensureChatConnected (wire §20.4 step 2)', () => {
  it('resolves when the ping answers, without reconnecting', async () => {
    const chat = scriptedChat('ok');
    expect(await settled(ensureChatConnected(chat.chat))).toBe('resolved');
    expect(chat.reconnects()).toBe(0);
  });

  it('reconnects when the ping fails and waits for the reconnect', async () => {
    const chat = scriptedChat('fail');
    const ready = ensureChatConnected(chat.chat);
    expect(chat.reconnects()).toBe(1);
    expect(await settled(ready)).toBe('pending');
    chat.fire('client reconnect');
    expect(await settled(ready)).toBe('resolved');
    expect(chat.listening()).toBe(0);
  });

  it('reconnects when the ping cannot even be sent', async () => {
    const chat = scriptedChat('throw');
    const ready = ensureChatConnected(chat.chat);
    expect(chat.reconnects()).toBe(1);
    chat.fire('client reconnect');
    expect(await settled(ready)).toBe('resolved');
  });

  it('rejects when the re-login fails', async () => {
    const chat = scriptedChat('fail');
    const ready = ensureChatConnected(chat.chat);
    const failure = new Error('Status.AUTHFAIL');
    chat.fire('session reconnectFailed', failure);
    await expect(ready).rejects.toBe(failure);
    expect(chat.listening()).toBe(0);
  });
});
