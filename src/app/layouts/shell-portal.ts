/**
 * What one signed-in shell is made of (docs/architecture.md §3 "The portal runtime"): its portal
 * runtime, the chat store that the Messages plugin keeps in step with the runtime's chat and
 * the Messages screens read, and the notification red dot its app socket plugin keeps. A shell makes them once; the next shell, after a sign-in, makes its
 * own, so nothing of one session's chat reaches the next.
 */
import type { PortalApi } from '../api/api-client';
import { chatCalls } from '../api/domain-calls';
import { createPortalRuntime, type PortalRuntime, type PortalRuntimeOptions } from '../connections';
import { createChatStore, createMessagesChatPlugin, type ChatStore } from '../features/chat';
import { createRedDotStore, notificationPushes, type RedDotStore } from '../features/notifications';

export interface ShellPortal {
  readonly runtime: PortalRuntime;
  /** The shell's chat: the Messages plugin's, read by the screens through `ChatStoreContext`. */
  readonly chatStore: ChatStore;
  /** The shell's notification red dot: its app socket plugin's, read through `RedDotContext`. */
  readonly redDots: RedDotStore;
}

/**
 * The runtime with the features' plugins; `options` say what the runtime runs on, `api` being the
 * portal root's own-API client (the runtime asks with its `client`, the plugins with its calls).
 */
export function createShellPortal({
  api,
  ...options
}: Omit<PortalRuntimeOptions, 'chatPlugins' | 'socketPlugins' | 'api'> & { api: PortalApi }): ShellPortal {
  const chatStore = createChatStore((text) => options.toasts.show(text), chatCalls(api));
  const redDots = createRedDotStore();
  const runtime = createPortalRuntime({
    ...options,
    api: api.client,
    chatPlugins: [createMessagesChatPlugin(chatStore)],
    socketPlugins: [notificationPushes(redDots, api)],
  });
  return { runtime, chatStore, redDots };
}
