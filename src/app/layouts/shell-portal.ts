/**
 * What one signed-in shell is made of (docs/architecture.md §3 "The portal runtime"): its portal
 * runtime, the chat store that the Messages plugin keeps in step with the runtime's chat and
 * the Messages screens read, and the notification red dot its app socket plugin keeps. A shell makes them once; the next shell, after a sign-in, makes its
 * own, so nothing of one session's chat reaches the next.
 */
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

/** The runtime with the features' plugins; `options` say what the runtime runs on. */
export function createShellPortal(
  options: Omit<PortalRuntimeOptions, 'chatPlugins' | 'socketPlugins'>,
): ShellPortal {
  const chatStore = createChatStore((text) => options.toasts.show(text));
  const redDots = createRedDotStore();
  const runtime = createPortalRuntime({
    ...options,
    chatPlugins: [createMessagesChatPlugin(chatStore)],
    socketPlugins: [notificationPushes(redDots)],
  });
  return { runtime, chatStore, redDots };
}
