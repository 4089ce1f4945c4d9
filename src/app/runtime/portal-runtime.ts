/**
 * The signed-in portal's one composition root (docs/architecture.md §3 "The portal runtime"), as
 * src/xmpp/client.ts is for the chat: one object, free of React, made by the signed-in shell, that
 * owns what lives as long as that shell — the connections (connections/connections.ts: the chat and
 * its outbox, the app socket, the call signals, the session's end), the chat store the Messages
 * screens read, which the Messages plugin keeps in step with the chat, and the notification red
 * dot the app socket's plugin keeps. The next shell, after a sign-in, makes its own, so nothing of
 * one session's chat reaches the next. It owns the call controller too (portal-calls.ts): its code
 * loads with the first ring or request (docs/calls.md "Call screens"), and it listens on whichever
 * chat runs; the call screens only read it.
 */
import i18next from 'i18next';
import type { PortalApi } from '../api/api-client';
import { chatCalls } from '../api/domain-calls';
import { createConnections, type Connections, type ConnectionsOptions } from '../connections';
import { createChatStore, createMessagesChatPlugin, type ChatStore } from '../features/chat';
import { createRedDotStore, notificationPushes, type RedDotStore } from '../features/notifications';
import { createPortalCalls, type LoadCallController, type PortalCalls } from './portal-calls';

export interface PortalRuntime extends Connections {
  /** The shell's chat: the Messages plugin's, read by the screens through `ChatStoreContext`. */
  readonly chatStore: ChatStore;
  /** The shell's notification red dot: its app socket plugin's, read through `RedDotContext`. */
  readonly redDots: RedDotStore;
  /** The shell's call controller, loaded on the first ring or request, and the chat it listens on. */
  readonly callController: PortalCalls;
}

/**
 * What the runtime runs on: the connections' options less the features' plugins, which the
 * runtime makes, and `api`, the portal root's own-API client (the connections ask with its
 * `client`, the plugins with its calls).
 */
export type PortalRuntimeOptions = Omit<ConnectionsOptions, 'chatPlugins' | 'socketPlugins' | 'api'> & {
  api: PortalApi;
  /** The call controller's code; by default the calls feature's, a lazy chunk, with the browser's effects. */
  loadCallController?: LoadCallController;
};

/** The calls feature's controller over the browser's effects, loaded on the first call. */
const browserCallController =
  ({ api, toasts, session }: PortalRuntimeOptions): LoadCallController =>
  () =>
    Promise.all([import('../features/calls/call-controller'), import('../features/calls/call-effects')]).then(
      ([{ createCallController }, { browserCallEffects }]) =>
        (bridge) =>
          createCallController({ bridge, effects: browserCallEffects(toasts, session, api) }),
    );

export function createPortalRuntime(all: PortalRuntimeOptions): PortalRuntime {
  const { api, loadCallController = browserCallController(all), ...options } = all;
  const chatStore = createChatStore((text) => options.toasts.show(text), chatCalls(api));
  const redDots = createRedDotStore();
  const connections = createConnections({
    ...options,
    api: api.client,
    chatPlugins: [createMessagesChatPlugin(chatStore)],
    socketPlugins: [notificationPushes(redDots, api)],
  });
  const callController = createPortalCalls({
    bridge: connections.calls,
    chat: connections.chat,
    load: loadCallController,
    // Spec §8: a chunk that fails to load is an error the provider sees; the calls namespace is the
    // shell's, loaded before it renders (src/app/i18n).
    onLoadFailed: () => options.toasts.show(i18next.t('calls:errors.start')),
  });
  return {
    ...connections,
    chatStore,
    redDots,
    callController,
    start() {
      const stopConnections = connections.start();
      const stopCalls = callController.start();
      return () => {
        stopCalls();
        stopConnections();
      };
    },
  };
}
