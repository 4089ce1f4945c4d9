/**
 * The chat session's phase across streams (src/xmpp/session/session-phase.ts) on the shared
 * machine kernel: every legal path through the session on the mock transport, and every event the
 * table does not list for a phase thrown as an IllegalTransitionError naming the machine, the
 * phase and the event.
 */
import { describe, expect, it } from 'vitest';
import { IllegalTransitionError } from '../../../src/shared/machine';
import { createSession, type Session } from '../../../src/xmpp/session/session';
import {
  createSessionPhaseMachine,
  SESSION_EVENTS,
  type SessionEvent,
  type SessionPhase,
} from '../../../src/xmpp/session/session-phase';
import { createFakeClock, createMockTransport, flush } from '../../../src/xmpp/testing';
import type { MockTransportOptions } from '../../../src/xmpp/testing/mock-transport';
import { xml } from '../../../src/xmpp/xml/element';

const PHASES = Object.keys(SESSION_EVENTS) as SessionPhase[];
const EVENTS: SessionEvent[] = ['log in', 'stream up', 'stream lost', 'sign out', 'end', 'stream closed'];
const ME = { jid: '100001-1001@localhost', password: 'secret' };
const message = () =>
  xml('message', { to: '100002-1001@localhost', type: 'chat', id: 'm1' }, xml('body', {}, 'hi'));

function session(mockOptions: MockTransportOptions = {}) {
  const scheduler = createFakeClock();
  const mock = createMockTransport(mockOptions);
  const phases: SessionPhase[] = [];
  const seen = () => {
    if (phases.at(-1) !== chat.phase) phases.push(chat.phase);
  };
  const chat: Session = createSession({
    options: {
      kind: 'websocket',
      service: 'ws://chat.test/xmpp-websocket',
      resource: 'tab1',
      streamManagement: true,
      reconnectIntervalMs: 3_000,
      keepAliveIntervalMs: 0,
      maxPingFailures: 7,
      unackedReportMs: 30_000,
      connectTimeoutMs: 30_000,
    },
    transportFactory: mock.factory,
    scheduler,
    isSessionExpired: () => false,
    pingServer: () => Promise.resolve(),
    afterOnline: () => Promise.resolve(),
    onStanza: () => undefined,
  });
  chat.events.on('state', seen);
  chat.events.on('disconnected', seen);
  seen();
  /** The phases so far, with where the session is now. */
  const path = () => {
    seen();
    return phases;
  };
  return { chat, mock, scheduler, path };
}

describe('chat session phase table', () => {
  it('takes every move it lists, answering the phase it led to', () => {
    for (const from of PHASES) {
      for (const [event, to] of Object.entries(SESSION_EVENTS[from]) as [SessionEvent, SessionPhase][]) {
        const machine = createSessionPhaseMachine();
        walkTo(machine, from);
        expect(machine.send(event)).toBe(to);
        expect(machine.state).toBe(to);
      }
    }
  });

  it('throws on every event a phase does not list, naming the machine, the phase and the event', () => {
    let refused = 0;
    for (const from of PHASES) {
      for (const event of EVENTS.filter((e) => SESSION_EVENTS[from][e] === undefined)) {
        const machine = createSessionPhaseMachine();
        walkTo(machine, from);
        const error = catchError(() => machine.send(event));
        expect(error).toBeInstanceOf(IllegalTransitionError);
        expect(error).toMatchObject({ machine: 'chat session', state: from, event });
        expect((error as Error).message).toBe(`Illegal chat session transition: ${from} → ${event}`);
        expect(machine.state).toBe(from);
        refused += 1;
      }
    }
    // Five phases, six events, thirteen moves: the other seventeen are refused.
    expect(refused).toBe(30 - 13);
  });
});

describe('chat session phases through the session', () => {
  it('logs in, goes online and signs out: signed out → logging in → online → signing out → signed out', async () => {
    const { chat, path } = session();
    const connected = chat.connect(ME);
    expect(chat.phase).toBe('logging in');
    await connected;
    expect(chat.live).toBe(true);
    await chat.disconnect();
    expect(path()).toEqual(['signed out', 'logging in', 'online', 'signing out', 'signed out']);
    expect(chat.live).toBe(false);
  });

  it('ends a first login that failed: logging in → signed out, and the next login is a first one again', async () => {
    const { chat, mock, path } = session({ authFail: true });
    await expect(chat.connect(ME)).rejects.toThrow();
    expect(path()).toEqual(['signed out', 'logging in', 'signed out']);
    mock.options.authFail = false;
    await chat.connect(ME);
    expect(chat.phase).toBe('online');
  });

  it('signs out during a first login: logging in → signing out → signed out, rejecting the login', async () => {
    const { chat, mock, path } = session();
    const connected = chat.connect(ME);
    const signedOut = chat.disconnect();
    // The stream comes up before the close is through (a server's answer already on its way).
    mock.status('connected');
    expect(chat.live).toBe(false);
    await expect(connected).rejects.toThrow('Chat is not connected');
    await signedOut;
    expect(path()).toEqual(['signed out', 'logging in', 'signing out', 'signed out']);
  });

  it('keeps a dropped session down and resumes it: online → down → online, holding what is sent meanwhile', async () => {
    const { chat, mock, scheduler, path } = session();
    await chat.connect(ME);
    mock.current!.drop();
    await flush();
    expect(chat.phase).toBe('down');
    expect(chat.live).toBe(false);
    // XEP-0198 §5: held for the resumption, not refused, and sent once it resumed.
    chat.send(message());
    await scheduler.advanceAsync(3_000);
    expect(mock.current!.sent.map((e) => e.name)).toEqual(['resume']);
    mock.mockInput(xml('resumed', { xmlns: 'urn:xmpp:sm:3', previd: 'sm-1', h: 0 }));
    await flush();
    expect(mock.current!.sent.map((e) => e.name)).toContain('message');
    expect(path()).toEqual(['signed out', 'logging in', 'online', 'down', 'online']);
  });

  it('signs out a session that is down with no attempt running: down → signed out', async () => {
    const { chat, mock, path } = session();
    await chat.connect(ME);
    // The server replaced the stream (conflict): no reconnect, the session stays down.
    mock.status('disconnected', 'conflict');
    await flush();
    expect(chat.phase).toBe('down');
    await chat.disconnect();
    expect(path()).toEqual(['signed out', 'logging in', 'online', 'down', 'signed out']);
    expect(() => chat.send(message())).toThrow('Chat is not connected');
  });

  it('signs out a session that is down while it tries again: down → signing out → signed out', async () => {
    const { chat, mock, scheduler, path } = session({ authFail: false });
    await chat.connect(ME);
    mock.current!.drop();
    await flush();
    mock.options.authFail = true;
    await scheduler.advanceAsync(3_000);
    expect(mock.connections).toHaveLength(2);
    await chat.disconnect();
    expect(path()).toEqual(['signed out', 'logging in', 'online', 'down', 'signing out', 'signed out']);
  });

  it('follows a sign-out with a login asked for while it closes the stream, as a first login', async () => {
    const { chat, path } = session();
    await chat.connect(ME);
    const signedOut = chat.disconnect();
    const again = chat.connect(ME);
    await signedOut;
    await again;
    expect(path()).toEqual([
      'signed out',
      'logging in',
      'online',
      'signing out',
      'signed out',
      'logging in',
      'online',
    ]);
  });
});

/** Walks a fresh machine to `phase` by legal events. */
function walkTo(machine: ReturnType<typeof createSessionPhaseMachine>, phase: SessionPhase): void {
  const path: Record<SessionPhase, SessionEvent[]> = {
    'signed out': [],
    'logging in': ['log in'],
    online: ['log in', 'stream up'],
    down: ['log in', 'stream up', 'stream lost'],
    'signing out': ['log in', 'sign out'],
  };
  for (const event of path[phase]) machine.send(event);
}

function catchError(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
