/**
 * The call screens' controller (spec §4 Call): one call client of src/webrtc per running chat,
 * listening through the runtime's call bridge (connections/calls/call-bridge.ts, which hands it
 * the signals that arrived while this code loaded), and the actions of the screens. It owns the
 * call store (call-store.ts) and the screen share of its calls; what it does outside the call
 * (media, the own API, the ring tone) goes through its effects (call-effects.ts). One controller
 * per call host (call-host.tsx); nothing of it lives in a module.
 */
import { createEmitter } from '../../../shared/emitter';
import { CallError, CallType, type CallClient, type CallSession } from '../../../webrtc/browser';
import type { ChatRuntime } from '../../connections';
import { lookupName } from './call-caller';
import { createCallChat } from './call-chat';
import { elapsedSeconds } from './call-format';
import { keepIceServersFresh, refreshIceServers } from './call-ice';
import { isOneToOneRing } from './call-ring';
import { isLive, type EndReason } from './call-screen-state';
import { followSession, newCall, type ActiveCall } from './call-session-events';
import type { CallController, CallControllerOptions } from './call-controller-types';
import { createCallStore } from './call-store';
import { CALL_MARK, recordOutcome } from './end-reason';
import { createScreenShare } from './screen-share';

export type { CallController, CallControllerOptions } from './call-controller-types';

/** How long the end text stays before the window closes by itself. */
const END_TEXT_MS = 4_000;

export function createCallController(options: CallControllerOptions): CallController {
  const { effects } = options;
  const now = options.now ?? Date.now;
  const store = createCallStore(options.bridge.showWindow, now);
  const callChat = createCallChat();
  const share = createScreenShare(store, effects, callChat);
  const { state } = store;
  let client: CallClient | null = null;
  let active: ActiveCall | null = null;
  let dismissTimer: ReturnType<typeof setTimeout> | undefined;
  const streams = createEmitter<{ changed: undefined }>();
  const streamsChanged = () => streams.emit('changed', undefined);

  /** Stops the ring tone, the flashing title and the notification of an incoming call. */
  function stopRinging(call: ActiveCall): void {
    call.closeNotification();
    call.ringing?.stop();
    call.ringing = null;
    state.ringTone = false;
  }

  function finish(call: ActiveCall, reason: EndReason): void {
    if (active !== call) return;
    active = null;
    stopRinging(call);
    call.stopIce();
    share.stop({ notify: false });
    const wasRinging = state.screen === 'ringing';
    const connected = state.connectedAt === null ? null : elapsedSeconds(state.connectedAt, now());
    // 'canceled' only when we hung up before an answer (docs/calls.md "Call records in the chat").
    const outcome = recordOutcome({
      direction: state.direction,
      connectedSeconds: connected,
      reason,
      hungUpByUs: call.hungUpByUs,
    });
    if (state.opponentId !== null && outcome !== null)
      void callChat.sendEndMessage(call.runtime, {
        opponentId: state.opponentId,
        media: state.media,
        outcome,
        connectedSeconds: connected,
      });
    // The session was handed this same stream (wire §20.8): stopping it once ends both.
    effects.stopStream(call.local);
    for (const track of Object.values(call.tracks)) track?.stop();
    call.local = null;
    streamsChanged();
    // A call is live while it is the active one (beginCall before, this after).
    store.send('end', reason);
    state.confirm = null;
    state.askEndConsultation = state.consultation && !wasRinging;
    clearTimeout(dismissTimer);
    dismissTimer = setTimeout(() => {
      if (!state.askEndConsultation && state.screen === 'ended') store.resetCall();
    }, END_TEXT_MS);
  }

  const follow = (call: ActiveCall) =>
    followSession(call, { store, isCurrent: (c) => active === c, finish, streamsChanged });

  /** Our hang-up (spec §4 Leave): the session closes at once, and its close finishes the call. */
  function hangUp(call: ActiveCall): void {
    call.hungUpByUs = true;
    call.session.stop();
    finish(call, 'ended');
  }

  /**
   * The page is left with a call on (docs/calls.md "Leaving the page"): one this tab placed or
   * answered hangs up, so the client's app ends it now rather than when its connection times out;
   * a ring only ringing here is left to the other tabs and to the caller's answer time.
   */
  function pageLeft(): void {
    if (active && isLive(state.screen) && state.screen !== 'ringing') hangUp(active);
  }

  function mediaFailed(error: unknown): void {
    console.warn('Call media', error);
    // Spec §5, §8: without media permission (an audio track at least) the call is stopped.
    effects.toast(effects.t('calls:errors.media'));
  }

  function ring(runtime: ChatRuntime, session: CallSession, userId: number): void {
    if (active !== null || isLive(state.screen) || !isOneToOneRing(session, userId, runtime.me)) {
      session.reject();
      return;
    }
    store.beginCall('ringing', {
      opponentId: userId,
      name: effects.t('calls:unknownCaller', { id: userId }),
      avatar: null,
      media: session.callType === CallType.AUDIO ? 'audio' : 'video',
      direction: 'incoming',
      consultation: false,
    });
    const call = newCall(runtime, session, null);
    active = call;
    follow(call);
    lookupName(
      effects.clientByChatId,
      userId,
      (info) => {
        if (active !== call) return;
        state.name = info.name;
        state.avatar = info.avatar;
      },
      (known) => {
        if (active !== call || state.screen !== 'ringing') return;
        // Issue 27: only a member she has a consultation, a report or a dialog with rings; anyone
        // else is shown as not one of her clients, without the browser notification.
        state.stranger = !known;
        if (!known) return;
        call.closeNotification = effects.notify(
          state.name,
          effects.t('calls:incoming.invites'),
          state.avatar ?? undefined,
        );
        call.ringing = effects.ring(effects.t('calls:incoming.title', { name: state.name }));
        state.ringTone = true;
      },
    );
  }

  function keepTracks(call: ActiveCall, stream: MediaStream): void {
    call.local = stream;
    call.tracks = { audio: stream.getAudioTracks()[0] ?? null, video: stream.getVideoTracks()[0] ?? null };
    streamsChanged();
  }

  /**
   * TURN credentials fetched for this call and kept fresh while it lasts (call-ice.ts); false when
   * the call ended while they were fetched.
   */
  async function freshIce(call: ActiveCall, calls: CallClient): Promise<boolean> {
    const expiresAt = await refreshIceServers(calls, effects.iceServers);
    if (active !== call) return false;
    call.stopIce = keepIceServersFresh(calls, expiresAt, effects.iceServers);
    return true;
  }

  /** Camera and microphone for `call`, or null (the call is then ended) when they fail or it ended. */
  async function media(call: ActiveCall, onFail: () => void): Promise<MediaStream | null> {
    let stream: MediaStream;
    try {
      stream = await effects.openMedia(state.media);
    } catch (error) {
      mediaFailed(error);
      onFail();
      finish(call, 'ended');
      return null;
    }
    if (active !== call) {
      effects.stopStream(stream);
      return null;
    }
    keepTracks(call, stream);
    return stream;
  }

  return {
    store,
    share,
    toast: effects.toast,
    current: () => active,
    remoteStream: () =>
      active && state.opponentId !== null ? active.session.remoteStream(state.opponentId) : null,
    localStream: () => active?.local ?? null,
    onStreams(listener) {
      return streams.on('changed', listener);
    },
    start(runtime) {
      const calls = effects.createCallClient({
        carrier: options.bridge.carrier(runtime),
        userId: runtime.me,
        iceServers: [],
        timing: options.timing,
        bandwidthLine: effects.bandwidthLine,
      });
      client = calls;
      const offs = [
        calls.on('call', ({ session, userId }) => ring(runtime, session, userId)),
        options.bridge.onPageLeft(pageLeft),
      ];
      return () => {
        for (const off of offs) off();
        if (active) finish(active, 'ended');
        calls.dispose();
        if (client === calls) client = null;
      };
    },
    async dial(runtime, request) {
      const calls = client;
      if (!calls || active || isLive(state.screen)) return;
      if (!Number.isInteger(request.opponentId) || request.opponentId <= 0) {
        // Spec §8: "Missing ids for a call are logged only".
        console.warn('A call needs the client chat id', request);
        return;
      }
      let session: CallSession;
      try {
        session = calls.createSession(
          [request.opponentId],
          request.media === 'video' ? CallType.VIDEO : CallType.AUDIO,
        );
      } catch (error) {
        console.warn('A call could not be created', error);
        effects.toast(error instanceof CallError ? error.message : effects.t('calls:errors.start'));
        return;
      }
      clearTimeout(dismissTimer);
      store.beginCall('dialing', {
        opponentId: request.opponentId,
        name: request.name ?? effects.t('calls:unknownCaller', { id: request.opponentId }),
        avatar: request.avatar ?? null,
        media: request.media,
        direction: 'outgoing',
        consultation: request.consultation ?? false,
      });
      callChat.prepare(runtime, request.opponentId);
      const mark = `${session.id}`;
      const call = newCall(runtime, session, mark);
      active = call;
      follow(call);
      if (!request.name)
        lookupName(effects.clientByChatId, request.opponentId, (info) => Object.assign(state, info));
      const stream = await media(call, () => session.stop());
      if (!stream || !(await freshIce(call, calls))) return;
      try {
        await session.call(stream, { [CALL_MARK]: mark });
      } catch (error) {
        mediaFailed(error);
        finish(call, 'ended');
      }
    },
    async accept() {
      const call = active;
      if (!call || state.screen !== 'ringing') return;
      stopRinging(call);
      store.send('answer');
      if (state.opponentId !== null) callChat.prepare(call.runtime, state.opponentId);
      const stream = await media(call, () => call.session.reject());
      if (!stream || !client || !(await freshIce(call, client))) return;
      try {
        await call.session.accept(stream);
      } catch (error) {
        mediaFailed(error);
        finish(call, 'ended');
      }
    },
    refuse() {
      const call = active;
      if (!call || state.screen !== 'ringing') return;
      call.session.reject();
      finish(call, 'ended');
    },
    silence() {
      active?.ringing?.silence();
      state.ringTone = false;
    },
    leave() {
      if (active) hangUp(active);
    },
    dismiss() {
      clearTimeout(dismissTimer);
      if (state.screen === 'ended' && !state.askEndConsultation) store.resetCall();
    },
  };
}
