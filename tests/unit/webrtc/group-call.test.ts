/**
 * Group (mesh) calls with a fake clock, scripted links and the real signal encoding (wire §20.4,
 * §20.5, docs/calls.md "Group calls"): a callee calls every other opponent with a lower id once it
 * accepts, an ACTIVE session answers such a `call` at once, a ringing one keeps it for its accept;
 * peers not connected when the remaining answer time runs out are not answered; an accept counts
 * only for my own call; reject and hangUp end one peer; candidates and ICE restart stay per pair
 * (wire §20.6, §20.7).
 */
import { describe, expect, it } from 'vitest';
import {
  CallType,
  createFakeClock,
  encodeSignal,
  SignalType,
  WEBRTC_MODULE,
  PeerState,
  SessionState,
  type CallEvents,
  type CallSession,
} from '../../../src/webrtc';
import { encodeExtraParams } from '../../../src/xmpp';
import { fakeStream, party, signalNetwork, type Party, type ScriptedLink } from './scripted';

const A = 101;
const B = 202;
const C = 303;

function setup() {
  const network = signalNetwork();
  const clock = createFakeClock(2_000_000);
  return { network, clock, make: (id: number) => party(network, id, {}, clock) };
}

function record<K extends keyof CallEvents>(p: Party, event: K): CallEvents[K][] {
  const list: CallEvents[K][] = [];
  p.calls.on(event, (x) => list.push(x));
  return list;
}

/** The scripted link of `p` that carries `session`'s connection to `userId`. */
function linkTo(p: Party, session: CallSession, userId: number): ScriptedLink {
  const pc = session.peerConnection(userId);
  const link = p.links.links.find((l) => l.pc === pc && !l.destroyed);
  if (!pc || !link) throw new Error(`no link from ${p.userId} to ${userId}`);
  return link;
}

function connect(p: Party, session: CallSession, userId: number): void {
  linkTo(p, session, userId).ice('checking');
  linkTo(p, session, userId).ice('connected');
}

/** Every pair of the group's ICE connects, seen from both sides. */
function connectEveryPair(
  group: Pick<Awaited<ReturnType<typeof ringingGroup>>, 'a' | 'b' | 'c' | 'session' | 'atB' | 'atC'>,
) {
  const { a, b, c, session, atB, atC } = group;
  for (const [p, s, others] of [
    [a, session, [B, C]],
    [b, atB, [A, C]],
    [c, atC, [A, B]],
  ] as const) {
    for (const other of others) connect(p, s, other);
  }
}

/** A calls B and C; both ring. */
async function ringingGroup() {
  const { network, clock, make } = setup();
  const [a, b, c] = [make(A), make(B), make(C)];
  const ringB = record(b, 'call');
  const ringC = record(c, 'call');
  const session = a.calls.createSession([B, C], CallType.VIDEO, { bandwidth: 128 });
  await session.call(fakeStream(), { name: 'Dr A' });
  expect(ringB.map((e) => e.userId)).toEqual([A]);
  expect(ringC.map((e) => e.userId)).toEqual([A]);
  return { network, clock, a, b, c, session, atB: ringB[0]!.session, atC: ringC[0]!.session };
}

describe('group call, caller side (wire §20.4)', () => {
  it('calls every opponent, with the whole list, and keeps dialing each until it answers', async () => {
    const { network, clock, session, atB } = await ringingGroup();
    expect(network.of('call', B).map((s) => s.from)).toEqual([A]);
    expect(network.of('call', C).map((s) => s.from)).toEqual([A]);
    expect(network.of('call', C)[0]!.signal).toMatchObject({ callerId: A, opponentIds: [B, C] });
    expect(session.peerIds).toEqual([B, C]);
    await atB.accept(fakeStream());
    clock.advance(10_000);
    expect(network.of('call', B)).toHaveLength(1);
    expect(network.of('call', C)).toHaveLength(3);
  });
});

describe('group call, callee side (wire §20.5)', () => {
  it('connects all three: the higher id calls the lower one, who answers at once while ACTIVE', async () => {
    const { network, clock, a, b, c, session, atB, atC } = await ringingGroup();
    const notAnswered = [a, b, c].map((p) => record(p, 'userNotAnswer'));
    const acceptedAtC = record(c, 'accept');
    await atB.accept(fakeStream(), { name: 'B' });
    // B (202) has no lower opponent than itself but the caller: it calls nobody.
    expect(network.sent.filter((s) => s.from === B && s.signal.signalType === 'call')).toHaveLength(0);
    await atC.accept(fakeStream(), { name: 'C' });
    // C (303) calls B (202), with A's session keys; B is ACTIVE and accepts automatically.
    const meshCall = network.of('call', B).filter((s) => s.from === C);
    expect(meshCall).toHaveLength(1);
    expect(meshCall[0]!.signal).toMatchObject({
      sessionId: session.id,
      callerId: A,
      opponentIds: [B, C],
      userInfo: { bandwidth: '128' },
    });
    const meshAccept = network.of('accept', C).filter((s) => s.from === B);
    expect(meshAccept).toHaveLength(1);
    expect(acceptedAtC.map((e) => e.userId)).toEqual([B]);
    expect(linkTo(c, atC, B).remote).toEqual([{ type: 'answer', sdp: meshAccept[0]!.signal.sdp }]);
    expect(linkTo(b, atB, C).remote).toEqual([{ type: 'offer', sdp: meshCall[0]!.signal.sdp }]);
    expect(linkTo(c, atC, B).options.initiator).toBe(true);
    expect(linkTo(b, atB, C).options.initiator).toBe(false);

    connectEveryPair({ a, b, c, session, atB, atC });
    clock.advance(120_000);
    // Dialing stopped on every accept, nobody was reported as not answering, all stay connected.
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(1);
    expect(network.of('call', C)).toHaveLength(1);
    expect(notAnswered.flat()).toEqual([]);
    for (const [s, others] of [
      [session, [B, C]],
      [atB, [A, C]],
      [atC, [A, B]],
    ] as const) {
      expect(s.state).toBe(SessionState.ACTIVE);
      for (const other of others) expect(s.peerState(other)).toBe(PeerState.CONNECTED);
    }
  });

  it('keeps the call of a participant while ringing and answers it with the caller on accept', async () => {
    const { network, clock, b, atB, atC } = await ringingGroup();
    const ringAgain = record(b, 'call');
    await atC.accept(fakeStream());
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(1);
    // B still rings: no second ring, no answer yet; C re-dials every 5 s.
    clock.advance(5_000);
    expect(ringAgain).toHaveLength(0);
    expect(network.of('accept', C)).toHaveLength(0);
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(2);
    await atB.accept(fakeStream(), { name: 'B' });
    expect(network.of('accept', A).map((s) => s.from)).toEqual([C, B]);
    expect(network.of('accept', C).map((s) => [s.from, s.signal.userInfo])).toEqual([[B, { name: 'B' }]]);
    clock.advance(20_000);
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(2);
  });

  it("does not ring for a participant's call that comes before the caller's, and answers both later", async () => {
    const { network, clock, make } = setup();
    const [a, c] = [make(A), make(C)];
    const ringC = record(c, 'call');
    const session = a.calls.createSession([B, C]);
    await session.call(fakeStream(['audio']));
    await ringC[0]!.session.accept(fakeStream(['audio']));
    // B joins the chat only now: C's call reaches it first. Its callerID (A) is not its sender, so
    // it makes no ring (docs/calls.md "Who may ring"); A's re-dial does.
    const b = make(B);
    const ringB = record(b, 'call');
    network.deliver(C, B, network.of('call', B).find((s) => s.from === C)!.extraParams);
    expect(ringB).toHaveLength(0);
    clock.advance(5_000);
    expect(ringB.map((e) => e.userId)).toEqual([A]);
    const atB = ringB[0]!.session;
    expect(atB).toMatchObject({ id: session.id, initiatorId: A, state: SessionState.NEW });
    await atB.accept(fakeStream(['audio']));
    expect(network.of('accept', A).map((s) => s.from)).toEqual([C, B]);
    expect(network.of('accept', C).map((s) => s.from)).toEqual([B]);
  });

  it('reports a participant still not connected when the remaining answer time runs out', async () => {
    const { network, clock, a, c, session, atB, atC } = await ringingGroup();
    const notAnsweredAtC = record(c, 'userNotAnswer');
    const notAnsweredAtA = record(a, 'userNotAnswer');
    clock.advance(10_000);
    await atC.accept(fakeStream());
    connect(c, atC, A);
    connect(a, session, C);
    // B never answers: C calls it until the 50 s left of the answer time are over.
    clock.advance(49_999);
    expect(notAnsweredAtC).toHaveLength(0);
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(10);
    clock.advance(1);
    expect(notAnsweredAtC.map((e) => e.userId)).toEqual([B]);
    expect(notAnsweredAtA.map((e) => e.userId)).toEqual([B]);
    expect(atB.state).toBe(SessionState.CLOSED);
    expect(atC.peerState(B)).toBe(PeerState.CLOSED);
    expect(atC.state).toBe(SessionState.ACTIVE);
    expect(session.state).toBe(SessionState.ACTIVE);
    clock.advance(60_000);
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(10);
  });

  it('an accept from a participant I did not call is an invalid event', async () => {
    const { network, b, session, atB } = await ringingGroup();
    const invalid = record(b, 'invalidEvent');
    const accepted = record(b, 'accept');
    await atB.accept(fakeStream());
    const stray = encodeSignal({
      signalType: SignalType.ACCEPT,
      sessionId: session.id,
      callType: CallType.VIDEO,
      callerId: A,
      opponentIds: [B, C],
      sdp: 'v=0',
    });
    network.deliver(C, B, encodeExtraParams(stray, WEBRTC_MODULE));
    expect(invalid).toMatchObject([{ event: 'onAccept', sessionId: session.id, userId: C }]);
    expect(accepted).toEqual([]);
    expect(atB.peerState(C)).toBe(PeerState.NEW);
  });

  it('a reject goes to every participant, who end only that peer', async () => {
    const { network, session, atB, atC } = await ringingGroup();
    atB.reject({ reason: 'later' });
    expect(network.of('reject').map((s) => [s.from, s.to])).toEqual([
      [B, A],
      [B, C],
    ]);
    expect(session.peerState(B)).toBe(PeerState.CLOSED);
    expect(atC.peerState(B)).toBe(PeerState.CLOSED);
    await atC.accept(fakeStream());
    // The one who declined is not called again.
    expect(network.of('call', B).filter((s) => s.from === C)).toHaveLength(0);
    expect([session.state, atC.state]).toEqual([SessionState.ACTIVE, SessionState.ACTIVE]);
  });

  it('a hangUp ends that peer only; the session closes when no peer is left', async () => {
    const { clock, a, b, c, session, atB, atC } = await ringingGroup();
    await atB.accept(fakeStream());
    await atC.accept(fakeStream());
    const closed = [b, c].map((p) => record(p, 'sessionClose'));
    session.stop();
    clock.advance(100);
    expect(session.state).toBe(SessionState.CLOSED);
    expect([atB.state, atC.state]).toEqual([SessionState.ACTIVE, SessionState.ACTIVE]);
    expect([atB.peerState(A), atC.peerState(A)]).toEqual([PeerState.CLOSED, PeerState.CLOSED]);
    expect(atB.peerState(C)).not.toBe(PeerState.CLOSED);
    atB.stop();
    clock.advance(100);
    expect(atC.state).toBe(SessionState.CLOSED);
    expect(closed.map((list) => list.length)).toEqual([1, 1]);
    expect(a.calls.sessions.get(session.id)).toBe(session);
  });
});

describe('group call, per pair (wire §20.6, §20.7)', () => {
  it('hands candidates to the link of their pair and restarts ICE of one pair only', async () => {
    const { network, clock, a, b, c, session, atB, atC } = await ringingGroup();
    await atB.accept(fakeStream());
    await atC.accept(fakeStream());
    connectEveryPair({ a, b, c, session, atB, atC });
    const candidate = {
      candidate: 'candidate:1 1 udp 1 10.0.0.3 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    linkTo(c, atC, B).options.onCandidates([candidate]);
    expect(linkTo(b, atB, C).candidates).toEqual([{ ...candidate, sdpMLineIndex: '0' }]);
    expect(linkTo(b, atB, A).candidates).toEqual([]);

    // C (higher id, impolite) restarts its link to B after the 5 s wait; B (polite) answers.
    const before = network.sent.length;
    linkTo(c, atC, B).ice('disconnected');
    clock.advance(5_000);
    const updates = network.sent.slice(before).filter((s) => s.signal.signalType === 'update');
    expect(updates.map((s) => [s.from, s.to, s.signal.sessionDescription?.type])).toEqual([
      [C, B, 'offer'],
      [B, C, 'answer'],
    ]);
    connect(c, atC, B);
    connect(b, atB, C);
    expect(atC.peerState(B)).toBe(PeerState.CONNECTED);
    expect(atC.peerState(A)).toBe(PeerState.CONNECTED);
  });
});
