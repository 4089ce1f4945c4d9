/**
 * The call screens' controller (spec §4 Call): one call client of src/webrtc per running chat,
 * listening through the chat's carrier (connections/calls/call-bridge.ts, which hands it the
 * signals that arrived while this code loaded), and the actions of the screens. It keeps the
 * call store (call-store.ts) in step with the session's events.
 */
import i18next from 'i18next';
import {
  browserDetails,
  CallError,
  CallType,
  createCallClient,
  SessionConnectionState,
  type CallClient,
  type CallSession,
  type CallTiming,
} from '../../../webrtc/browser';
import { showToast } from '../../components/toast-store';
import { callCarrier, type CallRequest, type ChatRuntime } from '../../connections';
import { sendEndMessage } from './call-chat';
import { openCallMedia, stopStream } from './call-devices';
import { elapsedSeconds } from './call-format';
import { lookupName } from './call-caller';
import { isOneToOneRing } from './call-ring';
import { keepIceServersFresh, refreshIceServers } from './call-ice';
import { notifyIncomingCall } from './call-notification';
import { isLive, type EndReason } from './call-screen-state';
import { beginCall, callStore, moveTo, resetCall, setStreams } from './call-store';
import { startRinging, type Ringing } from './call-ringer';
import { classifyQuality, lossBetween, sampleOf, type QualitySample } from './call-quality';
import { CALL_MARK, recordOutcome, rejectReason } from './end-reason';
import { stopSharing } from './screen-share';

/** How long the end text stays before the window closes by itself. */
const END_TEXT_MS = 4_000;

interface Current {
  runtime: ChatRuntime;
  session: CallSession;
  /** The mark of our `call` userInfo (end-reason.ts), null for a call that rang here. */
  mark: string | null;
  /** Camera and microphone, kept while muted or sharing so they can come back. */
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  closeNotification: () => void;
  /** The ring tone and the flashing title of an incoming call (call-ringer.ts). */
  ringing: Ringing | null;
  /** The previous stats sample, for the packet loss between two (call-quality.ts). */
  lastSample: QualitySample | null;
  /** Stops refreshing the TURN credentials (call-ice.ts). */
  stopIce: () => void;
  ended: boolean;
  /** 'Leave' was confirmed: a call not yet answered is then canceled (docs/calls.md "Call records in the chat"). */
  hungUpByUs: boolean;
}

let client: CallClient | null = null;
let current: Current | null = null;
let dismissTimer: ReturnType<typeof setTimeout> | undefined;

export const currentSession = (): Current | null => current;

/** Stops the ring tone, the flashing title and the notification of an incoming call. */
function stopRinging(call: Current): void {
  call.closeNotification();
  call.ringing?.stop();
  call.ringing = null;
  callStore.ringTone = false;
}

/** 'Silence' on the overlay: the tone stops, the ring stays answerable. */
export function silenceRing(): void {
  current?.ringing?.silence();
  callStore.ringTone = false;
}

function finish(reason: EndReason): void {
  const call = current;
  if (!call || call.ended) return;
  call.ended = true;
  stopRinging(call);
  call.stopIce();
  stopSharing({ notify: false });
  const wasRinging = callStore.screen === 'ringing';
  const connected = callStore.connectedAt === null ? null : elapsedSeconds(callStore.connectedAt, Date.now());
  // 'canceled' only when we hung up before an answer (docs/calls.md "Call records in the chat").
  const outcome = recordOutcome({
    direction: callStore.direction,
    connectedSeconds: connected,
    reason,
    hungUpByUs: call.hungUpByUs,
  });
  if (callStore.opponentId !== null && outcome !== null)
    void sendEndMessage(call.runtime, {
      opponentId: callStore.opponentId,
      media: callStore.media,
      outcome,
      connectedSeconds: connected,
    });
  stopStream(call.session.localStream);
  stopStream(callStore.localStream);
  for (const track of Object.values(call.tracks)) track?.stop();
  setStreams({ local: null, remote: null });
  if (isLive(callStore.screen)) moveTo('ended', reason);
  callStore.confirm = null;
  callStore.askEndConsultation = callStore.consultation && !wasRinging;
  current = null;
  clearTimeout(dismissTimer);
  dismissTimer = setTimeout(() => {
    if (!callStore.askEndConsultation && callStore.screen === 'ended') resetCall();
  }, END_TEXT_MS);
}

function follow(call: Current): void {
  const { session } = call;
  const offs = [
    session.on('accept', () => {
      if (callStore.screen === 'dialing') moveTo('connecting');
    }),
    session.on('reject', ({ userInfo }) => finish(rejectReason(userInfo, call.mark))),
    session.on('stop', () => finish('remoteHangUp')),
    // Spec §4: an invalid event of this session ends the call (a busy ring from someone else has
    // no session and leaves it alone).
    session.on('invalidEvent', () => finish('ended')),
    session.on('userNotAnswer', () => finish('noAnswer')),
    // The ring was answered or refused in another tab of this browser (they share one chat connection).
    session.on('settledElsewhere', ({ how }) =>
      finish(how === 'accepted' ? 'answeredElsewhere' : 'declinedElsewhere'),
    ),
    session.on('remoteStream', ({ stream }) => setStreams({ remote: stream })),
    session.on('connectionState', ({ state }) => {
      if (state === SessionConnectionState.CONNECTED || state === SessionConnectionState.COMPLETED) {
        if (callStore.screen !== 'connected' && !call.ended) moveTo('connected');
      }
    }),
    session.on('reconnection', ({ state }) => {
      if (call.ended) return;
      if (state === 'reconnecting' && callStore.screen === 'connected') moveTo('reconnecting');
      if (state === 'reconnected' && callStore.screen === 'reconnecting') moveTo('connected');
    }),
    session.on('stats', ({ stats }) => {
      if (call.ended) return;
      const sample = sampleOf(stats);
      callStore.quality = classifyQuality(sample.roundTripMs, lossBetween(call.lastSample, sample));
      call.lastSample = sample;
    }),
    session.on('sessionClose', () => {
      finish('ended');
      for (const off of offs) off();
    }),
  ];
}

function mediaFailed(error: unknown): void {
  console.warn('Call media', error);
  // Spec §5, §8: without media permission (an audio track at least) the call is stopped.
  showToast(i18next.t('calls:errors.media'));
}

/**
 * The call client of this chat; returns the function that disposes of it. It has no ICE servers
 * until a call fetches them (call-ice.ts): TURN credentials end with the portal session.
 */
export function startCalls(runtime: ChatRuntime, timing?: Partial<CallTiming>): () => void {
  const calls = createCallClient({
    carrier: callCarrier(runtime),
    userId: runtime.me,
    iceServers: [],
    timing,
    // Wire §20.8: Firefox reads the bandwidth from b=TIAS, the others from b=AS.
    bandwidthLine: browserDetails.browser === 'firefox' ? 'TIAS' : 'AS',
  });
  client = calls;
  const off = calls.on('call', ({ session, userId }) => {
    if (current !== null || isLive(callStore.screen) || !isOneToOneRing(session, userId, runtime.me)) {
      session.reject();
      return;
    }
    const media = session.callType === CallType.AUDIO ? 'audio' : 'video';
    beginCall('ringing', {
      opponentId: userId,
      name: i18next.t('calls:unknownCaller', { id: userId }),
      avatar: null,
      media,
      direction: 'incoming',
      consultation: false,
    });
    current = {
      runtime,
      session,
      mark: null,
      tracks: { audio: null, video: null },
      closeNotification: () => undefined,
      ringing: null,
      lastSample: null,
      stopIce: () => undefined,
      ended: false,
      hungUpByUs: false,
    };
    const call = current;
    follow(call);
    lookupName(
      userId,
      (info) => {
        if (current !== call) return;
        callStore.name = info.name;
        callStore.avatar = info.avatar;
      },
      (known) => {
        if (current !== call || callStore.screen !== 'ringing') return;
        // Issue 27: only a member she has a consultation, a report or a dialog with rings; anyone
        // else is shown as not one of her clients, without the browser notification.
        callStore.stranger = !known;
        if (!known) return;
        call.closeNotification = notifyIncomingCall(
          callStore.name,
          i18next.t('calls:incoming.invites'),
          callStore.avatar ?? undefined,
        );
        call.ringing = startRinging(i18next.t('calls:incoming.title', { name: callStore.name }));
        callStore.ringTone = true;
      },
    );
  });
  return () => {
    off();
    if (current) finish('ended');
    calls.dispose();
    if (client === calls) client = null;
  };
}

function keepTracks(call: Current, stream: MediaStream): void {
  call.tracks = { audio: stream.getAudioTracks()[0] ?? null, video: stream.getVideoTracks()[0] ?? null };
  setStreams({ local: stream });
}

/**
 * TURN credentials fetched for this call and kept fresh while it lasts (call-ice.ts); false when
 * the call ended while they were fetched.
 */
async function freshIce(call: Current, calls: CallClient): Promise<boolean> {
  const expiresAt = await refreshIceServers(calls);
  if (call.ended) return false;
  call.stopIce = keepIceServersFresh(calls, expiresAt);
  return true;
}

/** Places a call (spec §4 operaType '1'); the request came from a conversation, a client or an appointment. */
export async function dial(runtime: ChatRuntime, request: CallRequest): Promise<void> {
  const calls = client;
  if (!calls || current || isLive(callStore.screen)) return;
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
    showToast(error instanceof CallError ? error.message : i18next.t('calls:errors.start'));
    return;
  }
  clearTimeout(dismissTimer);
  beginCall('dialing', {
    opponentId: request.opponentId,
    name: request.name ?? i18next.t('calls:unknownCaller', { id: request.opponentId }),
    avatar: request.avatar ?? null,
    media: request.media,
    direction: 'outgoing',
    consultation: request.consultation ?? false,
  });
  const mark = `${session.id}`;
  const call: Current = {
    runtime,
    session,
    mark,
    tracks: { audio: null, video: null },
    closeNotification: () => undefined,
    ringing: null,
    lastSample: null,
    stopIce: () => undefined,
    ended: false,
    hungUpByUs: false,
  };
  current = call;
  follow(call);
  if (!request.name) lookupName(request.opponentId, (info) => Object.assign(callStore, info));
  let stream: MediaStream;
  try {
    stream = await openCallMedia(request.media);
  } catch (error) {
    mediaFailed(error);
    session.stop();
    finish('ended');
    return;
  }
  if (call.ended) return stopStream(stream);
  keepTracks(call, stream);
  if (!(await freshIce(call, calls))) return;
  try {
    await session.call(stream, { [CALL_MARK]: mark });
  } catch (error) {
    mediaFailed(error);
    finish('ended');
  }
}

/** 'Accept' on the overlay (spec §4 operaType '2'). */
export async function accept(): Promise<void> {
  const call = current;
  if (!call || callStore.screen !== 'ringing') return;
  stopRinging(call);
  moveTo('connecting');
  let stream: MediaStream;
  try {
    stream = await openCallMedia(callStore.media);
  } catch (error) {
    mediaFailed(error);
    call.session.reject();
    finish('ended');
    return;
  }
  if (call.ended) return stopStream(stream);
  keepTracks(call, stream);
  if (!client || !(await freshIce(call, client))) return;
  try {
    await call.session.accept(stream);
  } catch (error) {
    mediaFailed(error);
    finish('ended');
  }
}

/** 'Hand up' on the overlay: refuses the ring (spec §4 "Refuse rejects and shows 'Call ended'"). */
export function refuse(): void {
  const call = current;
  if (!call || callStore.screen !== 'ringing') return;
  call.session.reject();
  finish('ended');
}

/** 'Leave', confirmed (spec §5 Tips): hangs up. */
export function leave(): void {
  const call = current;
  if (!call) return;
  // Before the stop: the session closes at once, and its close finishes the call.
  call.hungUpByUs = true;
  call.session.stop();
  finish('ended');
}

/** The end text was read: close the window now. */
export function dismiss(): void {
  clearTimeout(dismissTimer);
  if (callStore.screen === 'ended' && !callStore.askEndConsultation) resetCall();
}
