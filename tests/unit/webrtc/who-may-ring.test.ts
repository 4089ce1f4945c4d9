/**
 * Who may ring and who may speak in a session (issue 27 items 1 and 2, docs/calls.md "Who may
 * ring"): a `call` makes a ring only when its `callerID` is its sender (the server-stamped `from`)
 * and I am among its opponents; a ring always runs out after the answer time; a stranger who knows
 * a session's id can neither join it, end it nor disturb it, ringing or connected.
 */
import { describe, expect, it } from 'vitest';
import {
  CallType,
  createFakeClock,
  encodeSignal,
  SessionState,
  SignalType,
  WEBRTC_MODULE,
  type CallEvents,
  type CallSession,
} from '../../../src/webrtc';
import type { Signal } from '../../../src/webrtc/signalling/payload';
import { encodeExtraParams } from '../../../src/xmpp';
import { fakeStream, party, signalNetwork, type Party } from './scripted';

const PROVIDER = 202;
const MEMBER = 101;
const STRANGER = 303;

function setup() {
  const network = signalNetwork();
  const clock = createFakeClock(1_000_000);
  return { network, clock, make: (id: number) => party(network, id, {}, clock) };
}

function record<K extends keyof CallEvents>(p: Party, event: K): CallEvents[K][] {
  const list: CallEvents[K][] = [];
  p.calls.on(event, (x) => list.push(x));
  return list;
}

/** Raw signal from `from` to `to`, through the real extraParams encoding. */
function send(
  network: ReturnType<typeof signalNetwork>,
  from: number,
  to: number,
  signal: Partial<Signal> & Pick<Signal, 'signalType' | 'sessionId' | 'callerId' | 'opponentIds'>,
) {
  network.deliver(
    from,
    to,
    encodeExtraParams(encodeSignal({ callType: CallType.VIDEO, userInfo: {}, ...signal }), WEBRTC_MODULE),
  );
}

describe('who may ring (docs/calls.md "Who may ring")', () => {
  it('drops a call whose callerID names someone else: no ring, no session, no busy for the next caller', () => {
    const { network, make } = setup();
    const provider = make(PROVIDER);
    const rings = record(provider, 'call');
    send(network, STRANGER, PROVIDER, {
      signalType: SignalType.CALL,
      sessionId: 'ghost',
      callerId: MEMBER,
      opponentIds: [PROVIDER],
      sdp: 'v=0',
    });
    expect(rings).toHaveLength(0);
    expect(provider.calls.sessions.size).toBe(0);
    expect(network.of('reject')).toHaveLength(0);
  });

  it('drops a call that does not name me among its opponents', async () => {
    const { network, make } = setup();
    const provider = make(PROVIDER);
    const member = make(MEMBER);
    const rings = record(provider, 'call');
    // The member names another member as the one opponent and sends it to the provider.
    const session = member.calls.createSession([STRANGER], CallType.VIDEO);
    await session.call(fakeStream());
    network.deliver(MEMBER, PROVIDER, network.of('call', STRANGER)[0]!.extraParams);
    expect(rings).toHaveLength(0);
    expect(provider.calls.sessions.size).toBe(0);
  });

  it('a real call still rings after a dropped one', async () => {
    const { network, make } = setup();
    const provider = make(PROVIDER);
    const member = make(MEMBER);
    const rings = record(provider, 'call');
    send(network, STRANGER, PROVIDER, {
      signalType: SignalType.CALL,
      sessionId: 'ghost',
      callerId: MEMBER,
      opponentIds: [PROVIDER],
      sdp: 'v=0',
    });
    await member.calls.createSession([PROVIDER], CallType.VIDEO).call(fakeStream());
    expect(rings.map((r) => r.userId)).toEqual([MEMBER]);
  });

  it('closes every ring after the answer time, also one with no peer to answer', () => {
    const { network, clock, make } = setup();
    const provider = make(PROVIDER);
    const rings = record(provider, 'call');
    // My own other device rings me in a group with someone else: I am its caller and an opponent.
    send(network, PROVIDER, PROVIDER, {
      signalType: SignalType.CALL,
      sessionId: 'own-device',
      callerId: PROVIDER,
      opponentIds: [PROVIDER, STRANGER],
      sdp: 'v=0',
    });
    expect(rings).toHaveLength(1);
    clock.advance(59_999);
    expect(rings[0]!.session.state).toBe(SessionState.NEW);
    clock.advance(1);
    expect(rings[0]!.session.state).toBe(SessionState.CLOSED);
  });
});

describe('a stranger who knows the session id (issue 27 item 1)', () => {
  async function connectedCall() {
    const { network, clock, make } = setup();
    const provider = make(PROVIDER);
    const member = make(MEMBER);
    const rings = record(provider, 'call');
    const outgoing = member.calls.createSession([PROVIDER], CallType.VIDEO);
    await outgoing.call(fakeStream());
    const session: CallSession = rings[0]!.session;
    return { network, clock, provider, member, outgoing, session };
  }

  it('is not answered when it calls into an accepted call: no accept, no link, no media', async () => {
    const { network, provider, session } = await connectedCall();
    await session.accept(fakeStream());
    const links = provider.links.links.length;
    for (const callerId of [MEMBER, STRANGER]) {
      send(network, STRANGER, PROVIDER, {
        signalType: SignalType.CALL,
        sessionId: session.id,
        callerId,
        opponentIds: [PROVIDER],
        sdp: 'v=0 stranger',
      });
    }
    expect(network.of('accept', STRANGER)).toHaveLength(0);
    expect(provider.links.links.length).toBe(links);
    expect(session.peerIds).toEqual([MEMBER]);
  });

  it('is not answered when it calls while the call still rings, nor on accept', async () => {
    const { network, session } = await connectedCall();
    send(network, STRANGER, PROVIDER, {
      signalType: SignalType.CALL,
      sessionId: session.id,
      callerId: MEMBER,
      opponentIds: [PROVIDER],
      sdp: 'v=0 stranger',
    });
    await session.accept(fakeStream());
    expect(network.of('accept').map((s) => s.to)).toEqual([MEMBER]);
  });

  it('cannot end or disturb the call with reject, hangUp, accept, candidates or update', async () => {
    const { network, clock, provider, session } = await connectedCall();
    await session.accept(fakeStream());
    const events = (['reject', 'stop', 'accept', 'update', 'invalidEvent'] as const).map((e) =>
      record(provider, e),
    );
    const common = { sessionId: session.id, callerId: MEMBER, opponentIds: [PROVIDER] };
    send(network, STRANGER, PROVIDER, { ...common, signalType: SignalType.REJECT });
    send(network, STRANGER, PROVIDER, { ...common, signalType: SignalType.STOP });
    send(network, STRANGER, PROVIDER, { ...common, signalType: SignalType.ACCEPT, sdp: 'v=0' });
    send(network, STRANGER, PROVIDER, {
      ...common,
      signalType: SignalType.CANDIDATE,
      iceCandidates: [
        { candidate: 'candidate:1 1 udp 1 203.0.113.9 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      ],
    });
    send(network, STRANGER, PROVIDER, {
      ...common,
      signalType: SignalType.PARAMETERS_CHANGED,
      reason: 'reconnect',
      sessionDescription: { offerId: 'x', sdp: 'v=0', type: 'offer' },
    });
    clock.advance(100);
    expect(events.flat()).toEqual([]);
    expect(session.state).toBe(SessionState.ACTIVE);
    expect(provider.links.last().candidates).toEqual([]);
  });
});
