/**
 * The portal runtime's calls (docs/calls.md "Call screens"): the one call controller of the
 * signed-in shell, owned here, not by a screen. Its code (the calls feature, src/webrtc,
 * simple-peer) loads when the call bridge first wants it — a ring, or a screen asking for a call —
 * and the controller then listens on whichever chat runs, from its login until it stops (the
 * session's end, a page without the chat). The call screens read the controller and the chat it
 * listens on through `get`/`subscribe`; they make nothing themselves.
 */
import type { CallBridge, ChatRuntime, Connections } from '../connections';
import { createExternalStore } from '../connections/external-store';
import type { CallController } from '../features/calls/call-controller';
import { createMachine } from '../../shared/machine';

export interface PortalCallsSnapshot {
  /** The controller, once its code has loaded; null before the first ring or request. */
  controller: CallController | null;
  /** The running chat the controller listens on (it may place a call there); null without one. */
  chat: ChatRuntime | null;
}

export interface PortalCalls {
  get(): PortalCallsSnapshot;
  subscribe(listener: () => void): () => void;
  /** Follows the call bridge and the chat until the returned function stops it all. */
  start(): () => void;
}

/** Makes the controller over the bridge; its code is loaded on the first call (a lazy chunk). */
export type LoadCallController = () => Promise<(bridge: CallBridge) => CallController>;

export interface PortalCallsOptions {
  bridge: CallBridge;
  /** The chat's lifecycle: its snapshot names the running chat. */
  chat: Pick<Connections['chat'], 'get' | 'subscribe'>;
  load: LoadCallController;
  /** The code could not be loaded (offline, a deploy replaced it): the provider is told. */
  onLoadFailed(): void;
}

type CodePhase = 'waiting' | 'loading' | 'loaded' | 'failed';

/** The call code's lifecycle: a failed load is tried again on the next ring or request. */
const CODE_TRANSITIONS: Readonly<Record<CodePhase, readonly CodePhase[]>> = {
  waiting: ['loading'],
  loading: ['loaded', 'failed'],
  loaded: [],
  failed: ['loading'],
};

export function createPortalCalls({ bridge, chat, load, onLoadFailed }: PortalCallsOptions): PortalCalls {
  const store = createExternalStore<PortalCallsSnapshot>({ controller: null, chat: null });
  const code = createMachine<CodePhase>('call code', CODE_TRANSITIONS, 'waiting');
  /** Stops the controller's listening on the chat it was started on. */
  let listening: (() => void) | null = null;
  let running = false;

  /** The controller listens on the chat that runs now, and only on it. */
  const followChat = () => {
    const { controller, chat: current } = store.get();
    const next = chat.get().runtime;
    if (!controller || current === next) return;
    listening?.();
    listening = next ? controller.start(next) : null;
    store.set({ controller, chat: next });
  };

  const loadCode = () => {
    code.transition('loading');
    load().then(
      (make) => {
        code.transition('loaded');
        store.set({ controller: make(bridge), chat: null });
        if (running) followChat();
      },
      (error: unknown) => {
        code.transition('failed');
        console.error('The call code could not be loaded', error);
        onLoadFailed();
      },
    );
  };

  /** A ring or a request wants the code: load it, once (again after a failure). */
  const followBridge = () => {
    if (!bridge.get().wanted) return;
    if (code.state === 'waiting' || code.state === 'failed') loadCode();
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    start() {
      running = true;
      const unwatch = [bridge.subscribe(followBridge), chat.subscribe(followChat)];
      followBridge();
      followChat();
      return () => {
        running = false;
        for (const stop of unwatch) stop();
        listening?.();
        listening = null;
        const { controller } = store.get();
        store.set({ controller, chat: null });
      };
    },
  };
}
