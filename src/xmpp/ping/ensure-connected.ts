/**
 * Wire §20.4 step 2 ("Ping the chat; if the ping fails, `chat.reconnect()` and wait for
 * `onReconnectListener`"): what a call does before it dials, so its `call` goes out on a live
 * stream. Resolves once the chat answered a ping or came back; rejects when the re-login fails.
 */
import type { ChatClient } from '../client-types';

export type PingableChat = Pick<ChatClient, 'ping' | 'reconnect' | 'once' | 'session'>;

export function ensureChatConnected(chat: PingableChat): Promise<void> {
  return new Promise((resolve, reject) => {
    const reconnect = () => {
      const stops: (() => void)[] = [];
      const settle = (done: () => void) => {
        for (const stop of stops) stop();
        done();
      };
      stops.push(
        chat.once('reconnect', () => settle(resolve)),
        chat.session.once('reconnectFailed', (failure) => settle(() => reject(failure))),
        chat.session.once('sessionExpired', () => settle(() => reject(new Error('Chat session expired')))),
      );
      chat.reconnect();
    };
    try {
      chat.ping((error) => (error === null ? resolve() : reconnect()));
    } catch {
      reconnect();
    }
  });
}
