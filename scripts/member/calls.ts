/**
 * The simulated member's calls (issue 13 "A member who answers"): `src/webrtc` over the member's
 * chat connection with `@roamhq/wrtc`, answering, declining, busy or silent as the command line
 * says, and placing one call to a provider (`--call`). It sends the synthetic media of
 * ./synthetic-media.ts and prints what it receives (./received-media.ts).
 */
import wrtc from '@roamhq/wrtc';
import type { ChatService } from '../../src/rest';
import {
  CallType,
  createCallClient,
  SessionConnectionState,
  SessionState,
  type CallSession,
  type WebRtcImplementation,
} from '../../src/webrtc';
import { moduleCarrier, type ChatClient } from '../../src/xmpp';
import type { CallBehaviour } from './options';
import { watchReceivedMedia, type ReceivedMedia } from './received-media';
import { startSyntheticMedia, type SyntheticMedia } from './synthetic-media';

/**
 * `--busy`: a session held in NEW with this opponent, never dialled, so the call client's own
 * busy rule (docs/wire/hosted-chat.md §20.5) rejects every incoming call.
 */
const BUSY_PLACEHOLDER_OPPONENT = 999_999_999;

const CONNECTION_NAMES = Object.fromEntries(
  Object.entries(SessionConnectionState).map(([name, value]) => [value, name.toLowerCase()]),
);

export interface MemberCalls {
  /** `--call`: a video (or audio) call to the provider with this email. */
  placeCall(email: string, audio: boolean): Promise<void>;
  stop(): void;
}

export function startMemberCalls(input: {
  chat: ChatClient;
  service: ChatService;
  userId: number;
  iceServers: RTCIceServer[];
  behaviour: CallBehaviour;
  log(line: string): void;
}): MemberCalls {
  const { behaviour, log } = input;
  const calls = createCallClient({
    carrier: moduleCarrier(input.chat),
    userId: input.userId,
    iceServers: input.iceServers,
    wrtc: wrtc as unknown as WebRtcImplementation,
  });
  const media = new Map<
    string,
    { sent: SyntheticMedia; received: ReceivedMedia[]; connectedAt: number | null }
  >();
  const timers = new Set<NodeJS.Timeout>();
  const kind = (session: CallSession) => (session.callType === CallType.AUDIO ? 'audio' : 'video');

  /** Media and logging for a session this simulator takes part in. */
  function follow(session: CallSession): SyntheticMedia {
    const sent = startSyntheticMedia({
      audioOnly: session.callType === CallType.AUDIO,
      videoFps: behaviour.videoFps,
    });
    const entry = { sent, received: [] as ReceivedMedia[], connectedAt: null as number | null };
    media.set(session.id, entry);
    session.on('remoteStream', ({ userId, stream }) => {
      if (entry.received.length > 0) return;
      log(
        `← media from ${userId}: ${stream.getVideoTracks().length} video, ${stream.getAudioTracks().length} audio track(s)`,
      );
      entry.received.push(watchReceivedMedia(stream, log));
    });
    session.on('connectionState', ({ userId, state }) => {
      log(`· connection to ${userId}: ${CONNECTION_NAMES[state] ?? state}`);
      // ICE may go from checking straight to completed, with no connected in between.
      if (state === SessionConnectionState.CONNECTED || state === SessionConnectionState.COMPLETED)
        entry.connectedAt ??= performance.now();
    });
    session.on('reconnection', ({ userId, state }) => log(`· ${userId}: ${state}`));
    session.on('sessionClose', () => {
      sent.stop();
      const frames = entry.received.reduce((n, r) => n + r.videoFrames, 0);
      for (const r of entry.received) r.stop();
      media.delete(session.id);
      const seconds = entry.connectedAt === null ? null : (performance.now() - entry.connectedAt) / 1000;
      log(
        `Call ${session.id} ended${seconds === null ? ' before it connected' : ` after ${seconds.toFixed(1)} s`}; ${frames} video frames received`,
      );
    });
    return sent;
  }

  calls.on('call', ({ session, userId }) => {
    log(`← ${kind(session)} call from ${userId} (session ${session.id})`);
    if (behaviour.incoming === 'no-answer') {
      log('· letting it ring (--no-answer)');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (session.state !== SessionState.NEW) return; // the caller gave up or hung up while it rang
      if (behaviour.incoming === 'reject') {
        session.reject();
        log(`→ declined the call from ${userId}`);
        return;
      }
      const sent = follow(session);
      session.accept(sent.stream).then(
        () => log(`→ accepted the call from ${userId}`),
        (error: unknown) => log(`! could not accept: ${(error as Error).message}`),
      );
    }, behaviour.answerAfterMs);
    timers.add(timer);
  });
  calls.on('accept', ({ userId }) => log(`← ${userId} accepted`));
  calls.on('reject', ({ userId }) => log(`← ${userId} declined`));
  calls.on('stop', ({ userId }) => log(`← ${userId} hung up`));
  calls.on('userNotAnswer', ({ userId }) => log(`· ${userId} did not answer`));
  calls.on('invalidEvent', ({ event, userId, sessionId }) =>
    log(
      event === 'onCall'
        ? `→ busy: rejected the call from ${userId} (session ${sessionId})`
        : `· ignored ${event} from ${userId} (session ${sessionId})`,
    ),
  );
  calls.on('error', ({ error }) => log(`! call: ${error.message}`));

  if (behaviour.incoming === 'busy') {
    calls.createSession([BUSY_PLACEHOLDER_OPPONENT], CallType.AUDIO);
    log('· busy: holding another call, incoming calls are rejected');
  }

  return {
    async placeCall(email, audio) {
      const found = await input.service.users.get({ email });
      if (!('id' in found)) throw new Error(`No chat user with the email ${email}.`);
      const session = calls.createSession([found.id], audio ? CallType.AUDIO : CallType.VIDEO);
      const sent = follow(session);
      log(`→ ${kind(session)} call to ${email} (chat id ${found.id}, session ${session.id})`);
      await session.call(sent.stream);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      calls.dispose();
      for (const entry of media.values()) {
        entry.sent.stop();
        for (const r of entry.received) r.stop();
      }
    },
  };
}
