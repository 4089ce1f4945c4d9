/**
 * The chat session: one logical XMPP session over a series of transports, spec §4 "Chat
 * connection states" and docs/wire/hosted-chat.md §13. It opens the transport, one attempt at a
 * time (attempt.ts; SASL with the chat password or session token, wire §12), binds — or resumes the previous
 * stream (XEP-0198 §5) — drives two tables, the stream's connection states (connection-state.ts)
 * and the session's phase across streams (session-phase.ts), answers the reconnect loop (every
 * 3 s unless signed out on purpose, stopping when the session token expired) and the keep-alive
 * (7 missed pings force a reconnect), and sends stanzas: written when the stream is up, held
 * for resumption while a resumable stream is down (docs/lessons.md §5), refused otherwise with
 * 'Chat is not connected'.
 */
import {
  ChatNotConnectedError,
  SaslError,
  STATUS_AUTHFAIL,
  STATUS_CONNFAIL,
  STATUS_ERROR,
  STATUS_REJECT,
  StreamError,
  XmppError,
} from '../errors/errors';
import { createKeepAlive } from '../ping/keep-alive';
import { createReconnect } from '../reconnect/engine';
import { isStanza } from '../router/stanza-router';
import { createStreamManagement } from '../stream-management/engine';
import { parseSmNonza } from '../stream-management/parse';
import { createEmitter } from '../../shared/emitter';
import { createWaitList } from '../../shared/wait-list';
import type { TransportStatus } from '../transport/types';
import type { XmlElement } from '../xml/element';
import { createAttempt, type Attempt } from './attempt';
import { createConnectionStateMachine } from './connection-state';
import { createSessionPhaseMachine } from './session-phase';
import type { Credentials, Session, SessionDeps, SessionEvents } from './types';

export type {
  Credentials,
  OfflineInfo,
  OnlineInfo,
  Session,
  SessionDeps,
  SessionEvents,
  SessionOptions,
} from './types';

/** The `resumeFailed` condition when the resumption window ran out before we could try. */
export const RESUME_EXPIRED = 'resume-window-expired';

export function createSession(deps: SessionDeps): Session {
  const { options, scheduler } = deps;
  const events = createEmitter<SessionEvents>();
  /** A sent stanza's news names it by id and recipient. */
  const addressed = (stanza: XmlElement) => ({ id: stanza.attrs.id ?? '', to: stanza.attrs.to ?? '' });
  const machine = createConnectionStateMachine((state) => events.emit('state', state));
  const phase = createSessionPhaseMachine();
  const sm = createStreamManagement({
    sendRaw: (element) => attempt?.transport.send(element),
    scheduler,
    reportAfterMs: options.unackedReportMs,
    onAcked: (stanza) => events.emit('acked', addressed(stanza)),
    onUnacked: (stanza) => events.emit('unacked', addressed(stanza)),
  });
  const reconnectLoop = createReconnect({
    scheduler,
    intervalMs: options.reconnectIntervalMs,
    idle: () => attempt === null && machine.state === 'disconnected',
    attempt: () => open(false),
    isSessionExpired: deps.isSessionExpired,
    onSessionExpired: () => events.emit('sessionExpired', undefined),
  });
  const keepAlive = createKeepAlive({
    scheduler,
    intervalMs: options.keepAliveIntervalMs,
    maxFailures: options.maxPingFailures,
    ping: deps.pingServer,
    onFailure: (failures, error) => events.emit('pingFailure', { failures, error }),
    onDead: () => attempt?.transport.drop(),
  });

  let credentials: Credentials | null = null;
  let attempt: Attempt | null = null;
  let jid = '';
  /** The `connect` calls waiting for the login under way. */
  const logins = createWaitList<void>();
  /** The `disconnect` calls waiting for the sign-out under way to close the stream. */
  const signOuts = createWaitList<void>();
  /** Messages of an abandoned stream waiting for the next fresh session. */
  const salvage: XmlElement[] = [];
  const useSm = options.streamManagement && options.kind === 'websocket';

  const move = machine.transition;
  const live = () => phase.state === 'online';

  function settleWaiters(error?: Error): void {
    if (error) logins.reject(error);
    else logins.resolve();
  }

  function open(explicit: boolean): void {
    if (!credentials) return;
    const current = createAttempt(
      { transportFactory: deps.transportFactory, options, scheduler, explicit },
      {
        isCurrent: (which) => attempt === which,
        live,
        onStatus,
        onElement,
        resumeRequest,
      },
    );
    attempt = current;
    move('connecting');
    current.transport.connect(`${credentials.jid}/${options.resource}`, credentials.password);
  }

  function onStatus(current: Attempt, status: TransportStatus, condition: string | null): void {
    switch (status) {
      case 'connecting':
        return move('connecting');
      case 'authenticating':
        return move('authenticating');
      case 'authfail':
        current.error = new SaslError(STATUS_AUTHFAIL, { code: 401, condition });
        move('auth failed');
        // Strophe leaves the stream open after a SASL failure; close it to end the attempt.
        return current.transport.disconnect('authentication failed');
      case 'connfail':
        current.error ??= new StreamError(STATUS_CONNFAIL, { code: 422, condition });
        return move('connection failed');
      case 'error':
        current.error ??= new StreamError(STATUS_ERROR, { code: 422, condition });
        return move('error');
      case 'bind-required':
        return bindOrResume(current);
      case 'connected':
        return online(current, false);
      case 'attached':
        return move('attached');
      case 'disconnecting':
        return move('disconnecting');
      case 'disconnected':
        return offline(current, condition);
      case 'conntimeout':
        return;
    }
  }

  /** XEP-0198 §5: the `<resume/>` of a dropped stream, or null when there is none to resume. */
  function resumeRequest(): XmlElement | null {
    return useSm && phase.state === 'down' ? sm.resumeElement() : null;
  }

  function bindOrResume(current: Attempt): void {
    // Sent behind the restart already: its <resumed/> or <failed/> follows these features.
    if (current.resumeSent) return;
    const resume = resumeRequest();
    if (resume) {
      current.transport.send(resume);
      return;
    }
    // XEP-0198 §5: past the `max` the server announced, the session is gone; a <resume/> would
    // only fetch <failed/>. The fresh login that follows is reported as a failed resumption.
    const expired = useSm && phase.state === 'down' && sm.resumable;
    const salvaged = sm.abandon();
    current.salvaged = [...salvage.splice(0), ...salvaged];
    if (expired) events.emit('resumeFailed', { condition: RESUME_EXPIRED, salvaged: salvaged.length });
    current.transport.bind();
  }

  function onElement(current: Attempt, element: XmlElement): void {
    const nonza = parseSmNonza(element);
    if (nonza) {
      const outcome = sm.handle(nonza);
      if (outcome.kind === 'resumed') {
        online(current, true);
        for (const stanza of outcome.resend) send(stanza);
        events.emit('resumed', { resent: outcome.resend.length });
      } else if (outcome.kind === 'resume-failed') {
        current.salvaged = outcome.salvaged;
        events.emit('resumeFailed', { condition: outcome.condition, salvaged: outcome.salvaged.length });
        // XEP-0198 §5: after <failed/> the client may bind a resource on the same stream.
        current.transport.bind();
      }
      return;
    }
    if (!isStanza(element)) return;
    sm.countInbound();
    deps.onStanza(element);
  }

  function online(current: Attempt, resumed: boolean): void {
    const initial = phase.state === 'logging in';
    // A stream that comes up while a sign-out closes it is not online: the sign-out wins.
    if (phase.send('stream up') === 'signing out') return;
    current.settle();
    jid = current.transport.boundJid || jid;
    move('connected');
    reconnectLoop.stop();
    if (!resumed && useSm) sm.enable();
    keepAlive.start();
    if (resumed) return settleWaiters();
    deps
      .afterOnline({ initial, resumed, salvaged: [...current.salvaged, ...salvage.splice(0)] })
      .then(() => settleWaiters())
      .catch((error: Error) => settleWaiters(error));
    current.salvaged = [];
  }

  function offline(current: Attempt, condition: string | null): void {
    current.settle();
    attempt = null;
    keepAlive.stop();
    move('disconnected');
    const error = current.error;
    const was = phase.state;
    if (was === 'signing out') {
      // A sign-out ends the logical session: the next connect is a first login again.
      forget();
      phase.send('stream closed');
      events.emit('disconnected', { intentional: true, condition, willReconnect: false });
      signOuts.resolve();
      settleWaiters(new ChatNotConnectedError());
      return;
    }
    if (sm.enabled || sm.tracking) sm.streamLost();
    const conflict = (error?.condition ?? condition) === 'conflict';
    // A first login that failed ends the session; one that was online stays, to come back (an
    // attempt that fails while down leaves it down): session-phase.ts.
    phase.send('stream lost');
    const everOnline = was !== 'logging in';
    const retry = everOnline && !conflict;
    if (was === 'online')
      events.emit('disconnected', {
        intentional: false,
        condition: error?.condition ?? condition,
        willReconnect: retry,
      });
    // Spec §8 / wire §13.1: every 401 Status.AUTHFAIL, the first login's too, is also raised to
    // the reconnect-failed listener (a stale token is renewed there).
    if (error instanceof SaslError) events.emit('reconnectFailed', error);
    if (!everOnline || current.explicit)
      settleWaiters(error ?? new StreamError(STATUS_CONNFAIL, { code: 422, condition }));
    if (!retry) {
      sm.reset();
      return;
    }
    reconnectLoop.start();
  }

  /** What a stream of the session left (unacknowledged, held, salvaged) goes with the session. */
  function forget(): void {
    sm.reset();
    salvage.length = 0;
  }

  function send(stanza: XmlElement): void {
    if (live() && attempt) {
      attempt.transport.send(stanza);
      sm.track(stanza);
      return;
    }
    const down = useSm && phase.state === 'down';
    if (down && sm.canResume()) {
      sm.hold(stanza);
      return;
    }
    // XEP-0198 §5: the old session is gone and a fresh one is on its way (a failed resumption);
    // the stanza goes out after what the old one left unacknowledged, once the new one is online.
    if (down && (attempt !== null || reconnectLoop.running)) {
      salvage.push(stanza);
      return;
    }
    throw new ChatNotConnectedError();
  }

  /** Resolves when the sign-out under way has closed the stream. */
  const signedOut = () => signOuts.wait();

  const session: Session = {
    get state() {
      return machine.state;
    },
    get jid() {
      return jid;
    },
    get live() {
      return live();
    },
    get phase() {
      return phase.state;
    },
    connect(next) {
      const state = machine.state;
      if (state === 'connecting' || state === 'authenticating') {
        return Promise.reject(new XmppError(STATUS_REJECT, { code: 422 }));
      }
      if (live()) return Promise.resolve();
      // A login asked for while a sign-out closes the stream follows it, as a first login.
      if (phase.state === 'signing out') return signedOut().then(() => session.connect(next));
      credentials = next;
      const done = logins.wait();
      reconnectLoop.stop();
      if (phase.state === 'signed out') {
        phase.send('log in');
        open(false);
      } else if (attempt === null) open(true);
      return done;
    },
    disconnect() {
      reconnectLoop.stop();
      keepAlive.stop();
      if (phase.state === 'signing out') return signedOut();
      if (!attempt) {
        forget();
        phase.send('end');
        return Promise.resolve();
      }
      const done = signedOut();
      // XEP-0198 §4: tell the server what we handled right before closing the stream.
      if (live()) sm.acknowledge();
      phase.send('sign out');
      attempt.transport.disconnect('signed out');
      return done;
    },
    acknowledge() {
      if (live()) sm.acknowledge();
    },
    reconnect() {
      salvage.push(...sm.abandon());
      if (attempt) attempt.transport.disconnect('reconnect');
      else if (phase.state === 'down') reconnectLoop.start();
    },
    send,
    events,
  };
  return session;
}
