/**
 * What the call screens show (spec §2 call window and widget, §4 Call): the screen of
 * call-screen-state.ts, who the call is with, the media, the controls' states, and whether the
 * media window is open or shrunk. The controller (call-controller.ts) writes it; components read it.
 */
import { proxy, ref } from 'valtio';
import { callBridge, type CallMedia } from '../../connections';
import type { NetworkQuality } from './call-quality';
import { nextCallScreen, type CallScreen, type EndReason } from './call-screen-state';

export type CallConfirm = 'leave' | 'share' | null;

export interface CallState {
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
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** While sharing: the shared canvas's stream, what the client receives (features/calls/share-canvas.ts). */
  sharedStream: MediaStream | null;
  /** The widget's top-left corner, px, once moved; null: the bottom-right corner, clear of the menu. */
  widget: { x: number; y: number } | null;
}

const initial = (): CallState => ({
  screen: 'idle',
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
  localStream: null,
  remoteStream: null,
  sharedStream: null,
  widget: null,
});

export const callStore = proxy<CallState>(initial());

/** Tells the layout whether the media window is closed, shrunk or open (spec §4, §2 chat icon). */
function publishWindow(): void {
  const live = callStore.screen !== 'idle' && callStore.screen !== 'ringing';
  callBridge.window = !live ? 'closed' : callStore.minimised ? 'shrunk' : 'open';
}

/** Moves the screen by the table (throws on an illegal move). */
export function moveTo(screen: CallScreen, reason: EndReason | null = null): void {
  callStore.screen = nextCallScreen(callStore.screen, screen);
  if (screen === 'ended') callStore.endReason = reason ?? 'ended';
  if (screen === 'connected' && callStore.connectedAt === null) callStore.connectedAt = Date.now();
  publishWindow();
}

export function beginCall(
  screen: 'ringing' | 'dialing',
  call: Pick<CallState, 'opponentId' | 'name' | 'avatar' | 'media' | 'direction' | 'consultation'>,
): void {
  const keep = callStore.widget;
  Object.assign(callStore, initial(), call, { widget: keep });
  moveTo(screen);
}

export function setStreams(streams: {
  local?: MediaStream | null;
  remote?: MediaStream | null;
  shared?: MediaStream | null;
}): void {
  if (streams.local !== undefined) callStore.localStream = streams.local ? ref(streams.local) : null;
  if (streams.remote !== undefined) callStore.remoteStream = streams.remote ? ref(streams.remote) : null;
  if (streams.shared !== undefined) callStore.sharedStream = streams.shared ? ref(streams.shared) : null;
}

export function setMinimised(minimised: boolean): void {
  callStore.minimised = minimised;
  publishWindow();
}

/** Back to nothing on screen once the end text has been seen (the widget keeps its place). */
export function resetCall(): void {
  const keep = callStore.widget;
  Object.assign(callStore, initial(), { widget: keep });
  publishWindow();
}
