/**
 * The chat's carrier of other modules' headlines (docs/wire/hosted-chat.md §14: a headline whose
 * extension names its `moduleIdentifier`, e.g. `WebRTCVideoChat` call signalling): what a calls
 * feature listens to and sends through, without knowing the rest of the chat.
 */
import {
  ensureChatConnected,
  type ChatClient,
  type ExtraParamsInput,
  type HeadlineMessage,
  type ModuleMessage,
  type SentModuleMessage,
} from '../../../xmpp';

export interface ModuleCarrier {
  /** Headlines of one module as they arrive; returns the function that stops listening. */
  on(moduleIdentifier: string, listener: (message: ModuleMessage) => void): () => void;
  /** Sends a headline of a module to a user (chat id or JID); returns its id. Throws while offline. */
  send(
    to: number | string,
    moduleIdentifier: string,
    message: HeadlineMessage & { extension: ExtraParamsInput },
  ): string;
  /** Pings the chat and, when it does not answer, reconnects and waits (wire §20.4 step 2). */
  ensureConnected(): Promise<void>;
  /**
   * Headlines of one module another tab of this browser sent over the shared connection (a call
   * answered there); returns the function that stops listening.
   */
  onSent(moduleIdentifier: string, listener: (message: SentModuleMessage) => void): () => void;
}

export function moduleCarrier(chat: ChatClient): ModuleCarrier {
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
