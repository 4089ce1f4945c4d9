/**
 * What the call controller does to the world outside the call (docs/architecture.md §3 "The
 * portal runtime"): the call client of src/webrtc, the camera and microphone, the ICE servers and
 * the caller's name from the own API, the ring tone, the browser notification and the toasts. The
 * browser's are the default; a test hands the controller its own (tests/unit/app/calls).
 */
import i18next from 'i18next';
import { browserDetails, createCallClient, type CallClientOptions } from '../../../webrtc/browser';
import type { PortalApi } from '../../api/api-client';
import { callCalls, chatCalls } from '../../api/domain-calls';
import type { ToastKind, ToastStore } from '../../components/toast-store';
import type { SessionStore } from '../../session';
import type { CallMedia } from '../../connections';
import { openCallMedia, stopStream } from './call-devices';
import { notifyIncomingCall } from './call-notification';
import { startRinging, type Ringing } from './call-ringer';

export interface CallEffects {
  createCallClient: typeof createCallClient;
  /** Wire §20.8: Firefox reads the bandwidth from b=TIAS, the others from b=AS. */
  bandwidthLine: CallClientOptions['bandwidthLine'];
  openMedia(media: CallMedia): Promise<MediaStream>;
  stopStream(stream: MediaStream | null): void;
  /** Spec §7 the TURN credentials of a call, with when they expire (call-ice.ts). */
  iceServers(): Promise<{ iceServers: RTCIceServer[]; expiresAt: string | null }>;
  /** Spec §3 client info: only a member with a relation to the provider answers (docs/calls.md "Who may ring"). */
  clientByChatId(chatId: number): Promise<{ name: string; avatar: string | null }>;
  notify(title: string, body: string, icon?: string): () => void;
  ring(title: string): Ringing;
  toast(text: string, kind?: ToastKind): void;
  /** The provider's country: the temperature unit of the charts she shares (spec §6). */
  country(): string | null;
  /** The portal's words (i18next `t`, namespace first: `calls:errors.media`). */
  t(key: string, options?: Record<string, unknown>): string;
}

/** The browser's effects; `toasts`, `session` and the own-API client `api` are the portal root's. */
export const browserCallEffects = (
  toasts: ToastStore,
  session: Pick<SessionStore, 'state'>,
  api: PortalApi,
): CallEffects => ({
  createCallClient,
  bandwidthLine: browserDetails.browser === 'firefox' ? 'TIAS' : 'AS',
  openMedia: openCallMedia,
  stopStream,
  iceServers: () => callCalls(api).iceServers({ quiet: true }),
  clientByChatId: (chatId) => chatCalls(api).clientByChatId(chatId, { quiet: true }),
  notify: notifyIncomingCall,
  ring: startRinging,
  toast: (text, kind) => toasts.show(text, kind),
  country: () => session.state.userInfo?.country ?? null,
  t: (key, options) => i18next.t(key, options),
});
