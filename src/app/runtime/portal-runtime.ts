/**
 * The signed-in portal's one composition root (docs/architecture.md §3 "The portal runtime"), as
 * src/xmpp/client.ts is for the chat: one object, free of React, made by the signed-in shell, that
 * owns what lives as long as that shell — the connections (connections/connections.ts: the chat and
 * its outbox, the app socket, the call signals, the session's end), the chat store the Messages
 * screens read, which the Messages plugin keeps in step with the chat, and the notification red
 * dot the app socket's plugin keeps. The next shell, after a sign-in, makes its own, so nothing of
 * one session's chat reaches the next. The call screens' controller comes with their lazily loaded
 * code (docs/calls.md "Call screens") and asks the runtime's call bridge for what rang.
 */
import type { PortalApi } from '../api/api-client';
import { chatCalls } from '../api/domain-calls';
import { createConnections, type Connections, type ConnectionsOptions } from '../connections';
import { createChatStore, createMessagesChatPlugin, type ChatStore } from '../features/chat';
import { createRedDotStore, notificationPushes, type RedDotStore } from '../features/notifications';

export interface PortalRuntime extends Connections {
  /** The shell's chat: the Messages plugin's, read by the screens through `ChatStoreContext`. */
  readonly chatStore: ChatStore;
  /** The shell's notification red dot: its app socket plugin's, read through `RedDotContext`. */
  readonly redDots: RedDotStore;
}

/**
 * What the runtime runs on: the connections' options less the features' plugins, which the
 * runtime makes, and `api`, the portal root's own-API client (the connections ask with its
 * `client`, the plugins with its calls).
 */
export type PortalRuntimeOptions = Omit<ConnectionsOptions, 'chatPlugins' | 'socketPlugins' | 'api'> & {
  api: PortalApi;
};

export function createPortalRuntime({ api, ...options }: PortalRuntimeOptions): PortalRuntime {
  const chatStore = createChatStore((text) => options.toasts.show(text), chatCalls(api));
  const redDots = createRedDotStore();
  const connections = createConnections({
    ...options,
    api: api.client,
    chatPlugins: [createMessagesChatPlugin(chatStore)],
    socketPlugins: [notificationPushes(redDots, api)],
  });
  return { ...connections, chatStore, redDots };
}
