/** A {@link SignalCarrier} over a `ChatClient`'s module headlines (wire §20.1). */
import { ensureChatConnected, type ChatClient } from '../../xmpp';
import type { SignalCarrier } from '../types';

export function chatCarrier(chat: ChatClient): SignalCarrier {
  return {
    on: (moduleIdentifier, listener) =>
      chat.on('moduleMessage', (message) => {
        if (message.moduleIdentifier === moduleIdentifier) listener(message);
      }),
    send: (to, moduleIdentifier, message) => chat.sendModuleMessage(to, moduleIdentifier, message),
    ensureConnected: () => ensureChatConnected(chat),
    onSent: (moduleIdentifier, listener) =>
      chat.on('moduleMessageSent', (message) => {
        if (message.moduleIdentifier === moduleIdentifier) listener(message);
      }),
  };
}
