/**
 * The call client (docs/calls.md): listens to `WebRTCVideoChat` headlines on the carrier, routes
 * each signal to its session, creates ringing sessions under the busy rule of wire §20.5, and
 * creates calling sessions under the rules of wire §20.4.
 */
import {
  CallErrorText,
  CallType,
  DEFAULT_INCOMING_LIMIT,
  DEFAULT_TIMING,
  SessionState,
  SignalType,
  WEBRTC_MODULE,
} from '../constants';
import { CallError } from '../errors';
import { isLive } from '../machines/session-machine';
import { decodeSignal, encodeSignal, type Signal } from '../signalling/payload';
import { sameOpponents, validateOpponents } from '../signalling/validate';
import { createEmitter, type Emitter } from '../../shared/emitter';
import { realScheduler } from '../../shared/time/scheduler';
import { timeSeededUuid } from '../timing/uuid';
import type { CallClient, CallClientOptions, CallEvents, ReceivedUserInfo } from '../types';
import type { SessionContext } from './context';
import { createPeerLink, type PeerLink, type PeerLinkOptions } from './peer-link';
import { Session } from './session';

export function createCallClient(options: CallClientOptions): CallClient {
  return createCallClientWith(options, createPeerLink);
}

/** The client over another link factory: unit tests script ICE with it (docs/calls.md "Timers"). */
export function createCallClientWith(
  options: CallClientOptions,
  createLink: (linkOptions: PeerLinkOptions) => PeerLink,
): CallClient {
  const clock = options.clock ?? realScheduler;
  const emitter: Emitter<CallEvents> = createEmitter<CallEvents>({
    // A failing listener must not stop the call machinery; it is reported once, as an `error` event.
    onListenerError: (error, event) => {
      if (event !== 'error') emitter.emit('error', { session: null, error: error as Error });
    },
  });
  const sessions = new Map<string, Session>();
  const me = options.userId;
  const autoReject = options.autoReject ?? true;
  const incomingLimit = options.incomingLimit ?? DEFAULT_INCOMING_LIMIT;
  const newId = options.newSessionId ?? (() => timeSeededUuid(clock.now()));

  const send = (to: number, signal: Signal) => {
    try {
      options.carrier.send(to, WEBRTC_MODULE, { extension: encodeSignal(signal) });
      emitter.emit('signal', {
        direction: 'out',
        userId: to,
        signalType: signal.signalType,
        sessionId: signal.sessionId,
      });
    } catch (error) {
      emitter.emit('error', { session: sessions.get(signal.sessionId) ?? null, error: error as Error });
    }
  };

  const ctx: SessionContext = {
    me,
    iceServers: options.iceServers,
    wrtc: options.wrtc,
    bandwidthLine: options.bandwidthLine ?? 'AS',
    timing: { ...DEFAULT_TIMING, ...options.timing },
    clock,
    emitter,
    send,
    ensureConnected: () => options.carrier.ensureConnected?.() ?? null,
    newId,
    createLink,
  };

  const live = () => [...sessions.values()].filter((session) => isLive(session.state));

  /** wire §20.5: a `call` for a session I do not know yet. */
  function onNewCall(signal: Signal, from: number): void {
    const userInfo = (signal.userInfo ?? {}) as ReceivedUserInfo;
    const others = live();
    const otherLive = others.length > 0;
    const newCount = others.filter((s) => s.state === SessionState.NEW).length + (otherLive ? 1 : 0);
    if (otherLive && (autoReject || newCount > incomingLimit)) {
      // Busy: the received extension goes back as a reject (wire §20.2, §20.5).
      send(from, { ...signal, signalType: SignalType.REJECT, userInfo });
      emitter.emit('invalidEvent', {
        event: 'onCall',
        sessionId: signal.sessionId,
        session: null,
        userId: from,
        userInfo,
      });
      return;
    }
    const session = new Session(ctx, {
      id: signal.sessionId,
      callType: signal.callType === CallType.AUDIO ? CallType.AUDIO : CallType.VIDEO,
      initiatorId: signal.callerId,
      opponentIds: signal.opponentIds,
      bandwidth: Number.parseInt(String(userInfo.bandwidth ?? '0'), 10) || 0,
    });
    sessions.set(session.id, session);
    session.receiveCall(from, signal.sdp ?? '');
    emitter.emit('call', { session, userId: from, userInfo });
  }

  const unsubscribe = options.carrier.on(WEBRTC_MODULE, (message) => {
    // Late signals from offline storage belong to calls long over (wire §14.6).
    if (message.delayed || message.userId === null) return;
    const signal = decodeSignal(message.extraParams);
    if (!signal) return;
    const from = message.userId;
    emitter.emit('signal', {
      direction: 'in',
      userId: from,
      signalType: signal.signalType,
      sessionId: signal.sessionId,
    });
    const session = sessions.get(signal.sessionId);
    if (signal.signalType === SignalType.CALL) {
      if (session) session.handle(signal, from);
      // A ring comes from its caller, to me (docs/calls.md "Who may ring"): `callerID` is the
      // sender the server stamped in `from`, and I am one of the opponents (which also keeps out
      // my own other device's calls to others, wire §20.5). Anything else is dropped unanswered.
      else if (signal.callerId === from && signal.opponentIds.includes(me)) onNewCall(signal, from);
      return;
    }
    if (session) {
      session.handle(signal, from);
      return;
    }
    const userInfo = (signal.userInfo ?? {}) as ReceivedUserInfo;
    if (signal.signalType === SignalType.ACCEPT || signal.signalType === SignalType.STOP) {
      const event = signal.signalType === SignalType.ACCEPT ? 'onAccept' : 'onStop';
      emitter.emit('invalidEvent', {
        event,
        sessionId: signal.sessionId,
        session: null,
        userId: from,
        userInfo,
      });
    }
  });

  // A call ringing here that another tab of this browser answered or refused (they share one chat
  // connection): its accept, reject or hangUp went out from there.
  const unsubscribeSent =
    options.carrier.onSent?.(WEBRTC_MODULE, (message) => {
      const signal = decodeSignal(message.extraParams);
      const session = signal ? sessions.get(signal.sessionId) : undefined;
      if (!signal || !session || session.state !== SessionState.NEW) return;
      if (signal.signalType === SignalType.ACCEPT) session.settledElsewhere('accepted');
      else if (signal.signalType === SignalType.REJECT || signal.signalType === SignalType.STOP)
        session.settledElsewhere('refused');
    }) ?? (() => undefined);

  return {
    userId: me,
    sessions,
    createSession(opponentIds, callType = CallType.AUDIO, sessionOptions = {}) {
      const opponents = validateOpponents(opponentIds);
      if (live().some((session) => sameOpponents(session.opponentIds, opponents))) {
        throw new CallError(CallErrorText.DUPLICATE_SESSION);
      }
      const session = new Session(ctx, {
        id: newId(),
        callType,
        initiatorId: me,
        opponentIds: opponents,
        bandwidth: sessionOptions.bandwidth ?? 0,
      });
      sessions.set(session.id, session);
      return session;
    },
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    setIceServers(iceServers) {
      ctx.iceServers = [...iceServers];
    },
    dispose() {
      unsubscribe();
      unsubscribeSent();
      for (const session of live()) session.stop();
    },
  };
}
