/**
 * What the call screens show (spec §2 call window and widget, §4 Call): the screen of
 * call-screen-state.ts, who the call is with, the media, the controls' states, and whether the
 * media window is open or shrunk. The controller (call-controller.ts) owns one and writes it;
 * components read it (calls-context.ts).
 */
import { proxy, ref } from 'valtio';
import type { CallMedia } from '../../connections';
import type { NetworkQuality } from './call-quality';
import {
  createCallScreenMachine,
  screenAfter,
  type CallScreen,
  type CallScreenEvent,
  type EndReason,
} from './call-screen-state';

export type CallConfirm = 'leave' | 'share' | null;

export interface CallState {
  /** The screen machine's state (call-screen-state.ts), written by its moves only. */
  screen: CallScreen;
  endReason: EndReason | null;
  /** The client's chat user id. */
  opponentId: number | null;
  name: string;
  avatar: string | null;
  media: CallMedia;
  direction: 'incoming' | 'outgoing';
  /** An incoming caller the provider has no consultation, report or dialog with (issue 27). */
  stranger: boolean;
  /** Started from an appointment: the provider may end the consultation afterwards. */
  consultation: boolean;
  /** When ICE first connected (the timer's start, spec §4), epoch ms. */
  connectedAt: number | null;
  muted: boolean;
  cameraOff: boolean;
  /** The ring tone plays (call-ringer.ts) until answered, refused, run out or silenced. */
  ringTone: boolean;
  /** The network quality from the call's stats (call-quality.ts); null before the first sample. */
  quality: NetworkQuality | null;
  sharing: boolean;
  /** Spec §4 "Changing route minimizes the call": the widget instead of the window. */
  minimised: boolean;
  confirm: CallConfirm;
  /** After a consultation's call: ask whether to end the consultation. */
  askEndConsultation: boolean;
  /** While sharing: the shared canvas's stream, what the client receives (features/calls/share-canvas.ts). */
  sharedStream: MediaStream | null;
  /** The widget's top-left corner, px, once moved; null: the bottom-right corner, clear of the menu. */
  widget: { x: number; y: number } | null;
}

/** Everything but the screen, as a new call starts it. */
type CallDetails = Omit<CallState, 'screen'>;

const initial = (): CallDetails => ({
  endReason: null,
  opponentId: null,
  name: '',
  avatar: null,
  media: 'video',
  direction: 'outgoing',
  stranger: false,
  consultation: false,
  connectedAt: null,
  muted: false,
  cameraOff: false,
  ringTone: false,
  quality: null,
  sharing: false,
  minimised: false,
  confirm: null,
  askEndConsultation: false,
  sharedStream: null,
  widget: null,
});

/** The call screens' state and its moves; one per call controller (call-controller.ts). */
export interface CallStore {
  /** What the screens read (valtio: `useCallState` in calls-context.ts). */
  readonly state: CallState;
  /**
   * Moves the screen where `event` leads (CALL_SCREEN_EVENTS; throws IllegalTransitionError on an
   * illegal move); `reason` says why a call ended.
   */
  send(event: CallScreenEvent, reason?: EndReason): void;
  beginCall(
    screen: 'ringing' | 'dialing',
    call: Pick<CallState, 'opponentId' | 'name' | 'avatar' | 'media' | 'direction' | 'consultation'>,
  ): void;
  /**
   * While sharing, the shared canvas's stream. The client's stream and the own camera are not
   * here: the call's session and the call hold them (call-controller.ts `remoteStream`, `localStream`).
   */
  setSharedStream(stream: MediaStream | null): void;
  setMinimised(minimised: boolean): void;
  /**
   * Back to nothing on screen once the end text has been seen (the widget keeps its place); a
   * live call cannot be wiped this way (the table has no move from a live screen to `idle`).
   */
  resetCall(): void;
}

/**
 * `showWindow` tells the layout whether the media window is closed, shrunk or open (spec §4, §2
 * chat icon; the runtime's call bridge), derived from the screen and `minimised`.
 */
export function createCallStore(
  showWindow: (window: 'closed' | 'shrunk' | 'open') => void = () => undefined,
  now: () => number = Date.now,
): CallStore {
  const state = proxy<CallState>({ screen: 'idle', ...initial() });
  const screens = createCallScreenMachine((screen) => {
    state.screen = screen;
  });
  const publishWindow = () => {
    const live = state.screen !== 'idle' && state.screen !== 'ringing';
    showWindow(!live ? 'closed' : state.minimised ? 'shrunk' : 'open');
  };
  const moveTo = (screen: CallScreen, reason: EndReason = 'ended') => {
    screens.transition(screen);
    if (screen === 'ended') state.endReason = reason;
    if (screen === 'connected' && state.connectedAt === null) state.connectedAt = now();
    publishWindow();
  };
  const store: CallStore = {
    state,
    send(event, reason) {
      moveTo(screenAfter(state.screen, event), reason);
    },
    beginCall(screen, call) {
      // A call starts from nothing on screen: the last one's end text, if shown, goes first.
      screens.transition('idle');
      Object.assign(state, initial(), call, { widget: state.widget });
      moveTo(screen);
    },
    setSharedStream(stream) {
      state.sharedStream = stream ? ref(stream) : null;
    },
    setMinimised(minimised) {
      state.minimised = minimised;
      publishWindow();
    },
    resetCall() {
      screens.transition('idle');
      Object.assign(state, initial(), { widget: state.widget });
      publishWindow();
    },
  };
  return store;
}
