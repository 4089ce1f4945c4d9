/**
 * The chat's carrier of other modules' headlines (docs/wire/hosted-chat.md §14: a headline whose
 * extension names its `moduleIdentifier`; §20.1: `WebRTCVideoChat` call signalling): what a call
 * client listens to and sends through, without knowing the rest of the chat. The portal, the
 * call stack, the member simulator and the protocol console all use this one.
 */
import type { ChatClient } from '../client-types';
import type { ExtraParamsInput } from '../messages/extra-params';
import { ensureChatConnected } from '../ping/ensure-connected';
import type { HeadlineMessage, ModuleMessage, SentModuleMessage } from './system-messages';

export interface ModuleCarrier {
  /** Headlines of one module as they arrive; returns the function that stops listening. */
  on(moduleIdentifier: string, listener: (message: ModuleMessage) => void): () => void;
  /** Sends a headline of a module to a user (chat id or JID); returns its id. Throws while offline. */
  send(
    to: number | string,
    moduleIdentifier: string,
    message: HeadlineMessage & { extension: ExtraParamsInput },
  ): string;
  /**
   * Resolves once the chat answered a ping, or came back after a reconnect when it did not
   * (wire §20.4 step 2); rejects when the re-login fails.
   */
  ensureConnected(): Promise<void>;
  /**
   * Headlines of one module that another tab of this browser sent over the connection they
   * share (src/xmpp/sharing): a call answered or refused there. Returns the function that stops
   * listening; a connection of its own never reports one.
   */
  onSent(moduleIdentifier: string, listener: (message: SentModuleMessage) => void): () => void;
}

/** The module carrier of a chat client (its own connection or a browser's shared one). */
export function moduleCarrier(chat: ChatClient): ModuleCarrier {
  return {
    on: (moduleIdentifier, listener) =>
      chat.systemMessages.on('moduleMessage', (message) => {
        if (message.moduleIdentifier === moduleIdentifier) listener(message);
      }),
    send: (to, moduleIdentifier, message) => chat.sendModuleMessage(to, moduleIdentifier, message),
    ensureConnected: () => ensureChatConnected(chat),
    onSent: (moduleIdentifier, listener) =>
      chat.systemMessages.on('moduleMessageSent', (message) => {
        if (message.moduleIdentifier === moduleIdentifier) listener(message);
      }),
  };
}
