/**
 * Calls as the chat connection hears them (spec §4 Call; docs/wire/hosted-chat.md §20.1): the
 * ring listener lives with the chat on every signed-in page, while the call code (the calls
 * feature, src/webrtc, simple-peer) loads only when a call rings or is started
 * (docs/calls.md "Call screens"). Until that code attaches, call signals are kept in order,
 * so a ring that arrives while it loads is handed to it, not lost. Features start a call here
 * (`request`) without importing the calls feature. One bridge per portal runtime
 * (connections.ts).
 */
import type { ModuleCarrier, ModuleMessage } from '../../../xmpp';
import type { ChatPlugin, ChatRuntime } from '../chat/types';
import { createExternalStore } from '../external-store';

/** The module of call signals (docs/wire/hosted-chat.md §20.1). */
export const CALL_MODULE = 'WebRTCVideoChat';

/** How long a signal waits for the call code (spec §9 "Call answer time-out 60 s"). */
const KEEP_MS = 60_000;
/** A ring repeats every 5 s (spec §9): more than this many waiting signals is noise. */
const KEEP_AT_MOST = 200;

export type CallMedia = 'video' | 'audio';

/** A call a screen asks for: the client, video or audio, and the consultation it belongs to. */
export interface CallRequest {
  /** The client's chat user id (quickBloxId). */
  opponentId: number;
  media: CallMedia;
  /** Known name and avatar, shown while the lookup runs. */
  name?: string;
  avatar?: string;
  /** Started from a consultation: after the call the provider may end it (spec §7 consultation/end). */
  consultation?: boolean;
}

export interface CallBridgeSnapshot {
  /** The call code is wanted: a ring arrived or a call was asked for (the portal runtime then loads it). */
  wanted: boolean;
  /** A call asked for and not yet taken by the call code. */
  request: CallRequest | null;
  /** Spec §4 "The media window is closed, shrunk or open" (the layout shows the chat icon unless open). */
  window: 'closed' | 'shrunk' | 'open';
}

function signalType(message: ModuleMessage): string | undefined {
  const type = message.extension.signalType;
  return typeof type === 'string' ? type : undefined;
}

function sessionOf(message: ModuleMessage): string | undefined {
  const id = message.extension.sessionID;
  return typeof id === 'string' ? id : undefined;
}

export interface CallBridge {
  get(): CallBridgeSnapshot;
  subscribe(listener: () => void): () => void;
  /** One call signal from the chat: to the call code if it listens, else kept for it. */
  hear(message: ModuleMessage, now?: number): void;
  /**
   * A call signal another tab of this browser sent (it shares this tab's chat connection): a ring
   * it answered or refused before this tab's call code loaded rings no more here.
   */
  hearSent(message: ModuleMessage): void;
  /**
   * The carrier the call code listens and sends through: the chat's, except that the call
   * module's listener first receives the signals that waited for it (in order, fresh ones only).
   */
  carrier(runtime: ChatRuntime): ModuleCarrier;
  /** Asks for a call (from a conversation, a client or an appointment); the call code takes it. */
  request(request: CallRequest): void;
  /** The call asked for, once: the call code takes it when it is ready. */
  take(): CallRequest | null;
  /** The call code tells the layout whether the media window is closed, shrunk or open. */
  showWindow(window: CallBridgeSnapshot['window']): void;
  /**
   * Listens for the page being left while the chat is still there (ChatPlugin `pageLeft`): the
   * call code hangs up a call of this page then. Returns the unlistening.
   */
  onPageLeft(listener: () => void): () => void;
  /** The ring listener, wired on every signed-in page with the chat (connections.ts). */
  readonly ringPlugin: ChatPlugin;
}

export function createCallBridge(now: () => number = Date.now): CallBridge {
  const store = createExternalStore<CallBridgeSnapshot>({ wanted: false, request: null, window: 'closed' });
  const update = (change: Partial<CallBridgeSnapshot>) => store.set({ ...store.get(), ...change });
  let waiting: Array<{ message: ModuleMessage; at: number }> = [];
  let attached: ((message: ModuleMessage) => void) | null = null;
  const leaving = new Set<() => void>();

  const bridge: CallBridge = {
    get: store.get,
    subscribe: store.subscribe,
    hear(message, at = now()) {
      // Wire §14.6: signals delivered late (offline storage) are dropped.
      if (message.delayed) return;
      if (attached) {
        attached(message);
        return;
      }
      waiting = waiting.filter((w) => at - w.at < KEEP_MS).slice(-(KEEP_AT_MOST - 1));
      waiting.push({ message, at });
      if (signalType(message) === 'call' && !store.get().wanted) update({ wanted: true });
    },
    hearSent(message) {
      if (attached) return;
      const type = signalType(message);
      if (type !== 'accept' && type !== 'reject' && type !== 'hangUp') return;
      const session = sessionOf(message);
      waiting = waiting.filter((w) => sessionOf(w.message) !== session);
    },
    carrier(runtime) {
      return {
        on(moduleIdentifier, listener) {
          if (moduleIdentifier !== CALL_MODULE) return runtime.modules.on(moduleIdentifier, listener);
          if (attached) throw new Error('The call code is already listening to call signals');
          attached = listener;
          const fresh = waiting.filter((w) => now() - w.at < KEEP_MS).map((w) => w.message);
          waiting = [];
          // After the caller's own set-up has returned, as a live signal would arrive.
          queueMicrotask(() => {
            for (const message of fresh) if (attached === listener) listener(message);
          });
          return () => {
            if (attached === listener) attached = null;
          };
        },
        send: (to, moduleIdentifier, message) => runtime.modules.send(to, moduleIdentifier, message),
        ensureConnected: () => runtime.modules.ensureConnected(),
        onSent: (moduleIdentifier, listener) => runtime.modules.onSent(moduleIdentifier, listener),
      };
    },
    request: (request) => update({ request, wanted: true }),
    take() {
      const { request } = store.get();
      if (request) update({ request: null });
      return request;
    },
    showWindow(window) {
      if (window !== store.get().window) update({ window });
    },
    onPageLeft(listener) {
      leaving.add(listener);
      return () => void leaving.delete(listener);
    },
    ringPlugin: {
      wire(runtime) {
        const offs = [
          runtime.modules.on(CALL_MODULE, (message) => bridge.hear(message)),
          runtime.modules.onSent(CALL_MODULE, (message) => bridge.hearSent(message)),
        ];
        return () => {
          for (const off of offs) off();
        };
      },
      reset() {
        waiting = [];
        update({ request: null });
      },
      pageLeft() {
        for (const listener of [...leaving]) listener();
      },
    },
  };
  return bridge;
}
