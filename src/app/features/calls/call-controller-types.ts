/**
 * What the call screens' controller takes and offers (call-controller.ts): the runtime's call
 * bridge, its effects and timing in; the call store, the screen share and the screens' actions out.
 */
import type { CallTiming } from '../../../webrtc/browser';
import type { CallBridge, CallRequest, ChatRuntime } from '../../connections';
import type { ToastKind } from '../../components/toast-store';
import type { CallEffects } from './call-effects';
import type { ActiveCall } from './call-session-events';
import type { CallStore } from './call-store';
import type { ScreenShare } from './screen-share';

export interface CallControllerOptions {
  /** The runtime's call bridge: its carrier, and the window it tells the layout about. */
  bridge: Pick<CallBridge, 'carrier' | 'showWindow' | 'onPageLeft'>;
  /** What the calls do outside themselves (browserCallEffects in the portal). */
  effects: CallEffects;
  timing?: Partial<CallTiming>;
  now?: () => number;
}

export interface CallController {
  readonly store: CallStore;
  readonly share: ScreenShare;
  /** Tells the provider (the effects' toast). */
  toast(text: string, kind?: ToastKind): void;
  /** The call on now, if any (its tracks and session, for the toggles). */
  current(): ActiveCall | null;
  /** The client's stream, as the call's session holds it; null without one. */
  remoteStream(): MediaStream | null;
  /** The provider's camera and microphone, as the call holds them (`ActiveCall.local`); null without. */
  localStream(): MediaStream | null;
  /** Tells `listener` when either stream may have changed; returns the unsubscribing. */
  onStreams(listener: () => void): () => void;
  /** The call client of this chat; returns the function that disposes of it. */
  start(runtime: ChatRuntime): () => void;
  /** Places a call (spec §4 operaType '1'). */
  dial(runtime: ChatRuntime, request: CallRequest): Promise<void>;
  /** 'Accept' on the overlay (spec §4 operaType '2'). */
  accept(): Promise<void>;
  /** 'Hand up' on the overlay: refuses the ring (spec §4 "Refuse rejects and shows 'Call ended'"). */
  refuse(): void;
  /** 'Silence' on the overlay: the tone stops, the ring stays answerable. */
  silence(): void;
  /** 'Leave', confirmed (spec §5 Tips): hangs up. */
  leave(): void;
  /** The end text was read: close the window now. */
  dismiss(): void;
}
