/**
 * The call client's flows and timers with a fake clock, scripted links and the real signal
 * encoding (wire §20.4–§20.7, spec §5, §9): dialing every 5 s and no answer at 60 s, the callee's
 * answer and waiting timers, session-creation texts, the busy rule, the audio rule, stored
 * candidates, invalid events and track replacement without signals.
 */
import { describe, expect, it } from 'vitest';
import {
  CallErrorText,
  CallType,
  createFakeClock,
  encodeSignal,
  PeerState,
  SessionState,
  SignalType,
  WEBRTC_MODULE,
  type CallEvents,
} from '../../../src/webrtc';
import { encodeExtraParams } from '../../../src/xmpp';
import { fakeStream, fakeTrack, party, signalNetwork } from './scripted';

const A = 101;
const B = 202;
const C = 303;

function setup(options: Parameters<typeof party>[2] = {}, gathering: 'at-once' | 'held' = 'at-once') {
  const network = signalNetwork();
  const clock = createFakeClock(1_000_000);
  return {
    network,
    clock,
    make: (id: number, o = options) => party(network, id, o, clock, gathering),
  };
}

function record<K extends keyof CallEvents>(
  p: { calls: { on: (e: K, l: (x: CallEvents[K]) => void) => void } },
  event: K,
) {
  const list: CallEvents[K][] = [];
  p.calls.on(event, (x) => list.push(x));
  return list;
}

describe('the first call waits for the caller’s first candidates (wire §20.4)', () => {
  it('goes 10 ms after the first candidate, carrying the offer with it; re-dials carry the newest', async () => {
    const { network, clock, make } = setup({}, 'held');
    const a = make(A);
    const session = a.calls.createSession([B], CallType.VIDEO);
    await session.call(fakeStream());
    expect(network.of('call')).toHaveLength(0);
    const link = a.links.last();
    clock.advance(30);
    link.localSdp = 'offer-0 with a host candidate';
    link.options.onGathering(false);
    link.options.onGathering(false);
    clock.advance(9);
    expect(network.of('call')).toHaveLength(0);
    clock.advance(1);
    expect(network.of('call').map((c) => c.signal.sdp)).toEqual(['offer-0 with a host candidate']);
    link.localSdp = 'offer-0 with every candidate';
    link.options.onGathering(true);
    clock.advance(100);
    expect(network.of('call')).toHaveLength(1);
    clock.advance(5_000 - 140);
    expect(network.of('call').map((c) => c.signal.sdp)).toEqual([
      'offer-0 with a host candidate',
      'offer-0 with every candidate',
    ]);
  });

  it('goes at once when gathering completes first, and after 100 ms with no candidate', async () => {
    const { network, clock, make } = setup({}, 'held');
    const a = make(A);
    await a.calls.createSession([B], CallType.VIDEO).call(fakeStream());
    a.links.last().options.onGathering(true);
    expect(network.of('call', B)).toHaveLength(1);
    await a.calls.createSession([C], CallType.VIDEO).call(fakeStream());
    clock.advance(99);
    expect(network.of('call', C)).toHaveLength(0);
    clock.advance(1);
    expect(network.of('call', C).map((c) => c.signal.sdp)).toEqual(['offer-1']);
  });

  it('sends no call when the caller hangs up during the hold', async () => {
    const { network, clock, make } = setup({}, 'held');
    const a = make(A);
    const session = a.calls.createSession([B], CallType.VIDEO);
    await session.call(fakeStream());
    a.links.last().options.onGathering(false);
    session.stop();
    clock.advance(60_000);
    expect(network.of('call')).toHaveLength(0);
    expect(session.state).toBe(SessionState.CLOSED);
  });
});

describe('caller dialing (wire §20.4)', () => {
  it('sends call at once and every 5 s, and gives up at 60 s with userNotAnswer', async () => {
    const { network, clock, make } = setup();
    const a = make(A);
    const notAnswered = record(a, 'userNotAnswer');
    const closed = record(a, 'sessionClose');
    const session = a.calls.createSession([B], CallType.VIDEO, { bandwidth: 256 });
    await session.call(fakeStream(), { name: 'Dr A' });
    expect(session.state).toBe(SessionState.ACTIVE);
    expect(network.of('call')).toHaveLength(1);
    for (let i = 1; i <= 11; i++) {
      clock.advance(4_999);
      expect(network.of('call')).toHaveLength(i);
      clock.advance(1);
      expect(network.of('call')).toHaveLength(i + 1);
    }
    expect(notAnswered).toHaveLength(0);
    clock.advance(5_000);
    expect(network.of('call')).toHaveLength(12);
    expect(notAnswered.map((e) => e.userId)).toEqual([B]);
    expect(session.state).toBe(SessionState.CLOSED);
    expect(session.peerState(B)).toBe(PeerState.CLOSED);
    expect(a.links.last().destroyed).toBe(true);
    expect(closed).toHaveLength(1);
    clock.advance(60_000);
    expect(network.of('call')).toHaveLength(12);
    const first = network.of('call')[0]!.signal;
    expect(first).toMatchObject({
      sessionId: session.id,
      callType: CallType.VIDEO,
      callerId: A,
      opponentIds: [B],
      sdp: 'offer-0',
      userInfo: { name: 'Dr A', bandwidth: '256' },
    });
  });

  it('stops dialing on accept and applies the answer', async () => {
    const { network, clock, make } = setup();
    const a = make(A);
    const b = make(B);
    const ringing = record(b, 'call');
    const accepted = record(a, 'accept');
    const session = a.calls.createSession([B], CallType.AUDIO);
    await session.call(fakeStream(['audio']));
    clock.advance(5_000);
    expect(ringing).toHaveLength(1);
    expect(network.of('call')).toHaveLength(2);
    await ringing[0]!.session.accept(fakeStream(['audio']), { ok: 'yes' });
    expect(accepted.map((e) => [e.userId, e.userInfo])).toEqual([[B, { ok: 'yes' }]]);
    expect(b.links.last().remote).toEqual([{ type: 'offer', sdp: 'offer-0' }]);
    expect(a.links.last().remote).toEqual([{ type: 'answer', sdp: 'answer-0' }]);
    clock.advance(60_000);
    expect(network.of('call')).toHaveLength(2);
    expect(session.state).toBe(SessionState.ACTIVE);
  });
});

describe('callee timers (wire §20.5)', () => {
  it('closes a ringing session after 60 s; repeated calls only refresh the offer', async () => {
    const { clock, make } = setup();
    const a = make(A);
    const b = make(B);
    const ringing = record(b, 'call');
    const closed = record(b, 'sessionClose');
    await a.calls.createSession([B]).call(fakeStream(['audio']));
    clock.advance(55_000);
    expect(ringing).toHaveLength(1);
    expect(ringing[0]!.session.state).toBe(SessionState.NEW);
    clock.advance(4_999);
    expect(closed).toHaveLength(0);
    clock.advance(1);
    expect(closed).toHaveLength(1);
    expect(ringing[0]!.session.state).toBe(SessionState.CLOSED);
  });

  it('after accept, a peer still connecting when the answer time runs out is not answered', async () => {
    const { clock, make } = setup();
    const a = make(A);
    const b = make(B);
    const ringing = record(b, 'call');
    const notAnswered = record(b, 'userNotAnswer');
    await a.calls.createSession([B]).call(fakeStream(['audio']));
    clock.advance(10_000);
    const session = ringing[0]!.session;
    await session.accept(fakeStream(['audio']));
    clock.advance(49_999);
    expect(notAnswered).toHaveLength(0);
    clock.advance(1);
    expect(notAnswered.map((e) => e.userId)).toEqual([A]);
    expect(session.state).toBe(SessionState.CLOSED);
  });

  it('keeps a connected peer when the waiting timer runs out', async () => {
    const { clock, make } = setup();
    const a = make(A);
    const b = make(B);
    const ringing = record(b, 'call');
    await a.calls.createSession([B]).call(fakeStream(['audio']));
    const session = ringing[0]!.session;
    await session.accept(fakeStream(['audio']));
    b.links.last().ice('checking');
    b.links.last().ice('connected');
    clock.advance(60_000);
    expect(session.state).toBe(SessionState.ACTIVE);
    expect(session.peerState(A)).toBe(PeerState.CONNECTED);
  });
});

describe('session creation (wire §20.4)', () => {
  it('refuses missing, non-numeric and duplicate opponents with the three texts', async () => {
    const { make } = setup();
    const a = make(A);
    const create = (ids: unknown) => () => a.calls.createSession(ids as number[]);
    expect(create(undefined)).toThrow(CallErrorText.NO_OPPONENTS);
    expect(create([])).toThrow(CallErrorText.NO_OPPONENTS);
    expect(create('202')).toThrow(CallErrorText.OPPONENTS_NOT_NUMBERS);
    expect(create(['x'])).toThrow(CallErrorText.OPPONENTS_NOT_NUMBERS);
    expect(create([202, null])).toThrow(CallErrorText.OPPONENTS_NOT_NUMBERS);
    const first = a.calls.createSession(['202', 303] as unknown as number[]);
    expect(first.opponentIds).toEqual([202, 303]);
    expect(create([303, 202])).toThrow(CallErrorText.DUPLICATE_SESSION);
    expect(a.calls.createSession([202]).state).toBe(SessionState.NEW);
    first.stop();
    expect(first.state).toBe(SessionState.CLOSED);
    expect(a.calls.createSession([303, 202]).opponentIds).toEqual([303, 202]);
  });

  it("stops the call with 'Failed to obtain media permissions!' without an audio track", async () => {
    const { network, make } = setup();
    const a = make(A);
    const b = make(B);
    const session = a.calls.createSession([B], CallType.VIDEO);
    await expect(session.call(fakeStream(['video']))).rejects.toThrow(CallErrorText.NO_MEDIA);
    expect(session.state).toBe(SessionState.CLOSED);
    expect(network.sent).toHaveLength(0);

    const ringing = record(b, 'call');
    const stopped = record(a, 'stop');
    await a.calls.createSession([B]).call(fakeStream(['audio']));
    await expect(ringing[0]!.session.accept(fakeStream(['video']))).rejects.toThrow(CallErrorText.NO_MEDIA);
    expect(ringing[0]!.session.state).toBe(SessionState.CLOSED);
    expect(stopped.map((e) => e.userId)).toEqual([B]);
  });
});

describe('busy rule (wire §20.5)', () => {
  it('auto-rejects a call while another session is live, echoing the offer and user info', async () => {
    const { network, make } = setup();
    const a = make(A);
    const b = make(B);
    const c = make(C);
    const ringing = record(b, 'call');
    const invalid = record(b, 'invalidEvent');
    const rejected = record(c, 'reject');
    await a.calls.createSession([B]).call(fakeStream(['audio']));
    await ringing[0]!.session.accept(fakeStream(['audio']));
    const second = c.calls.createSession([B], CallType.VIDEO, { bandwidth: 128 });
    await second.call(fakeStream(), { name: 'C' });
    expect(ringing).toHaveLength(1);
    const echo = network.of('reject', C)[0]!;
    expect(echo.signal).toMatchObject({
      sessionId: second.id,
      callType: CallType.VIDEO,
      callerId: C,
      opponentIds: [B],
      sdp: network.of('call', B).at(-1)!.signal.sdp,
      userInfo: { name: 'C', bandwidth: '128' },
    });
    expect(invalid).toMatchObject([{ event: 'onCall', sessionId: second.id, session: null, userId: C }]);
    expect(rejected.map((e) => e.userId)).toEqual([B]);
    expect(second.state).toBe(SessionState.CLOSED);
  });

  it('without auto reject, rings up to the incoming limit and rejects past it', async () => {
    const { make } = setup();
    const a = make(A);
    const c = make(C);
    const d = make(404);
    const b = make(B, { autoReject: false, incomingLimit: 2 });
    const ringing = record(b, 'call');
    const invalid = record(b, 'invalidEvent');
    await a.calls.createSession([B]).call(fakeStream(['audio']));
    await c.calls.createSession([B]).call(fakeStream(['audio']));
    expect(ringing).toHaveLength(2);
    await d.calls.createSession([B]).call(fakeStream(['audio']));
    expect(ringing).toHaveLength(2);
    expect(invalid.map((e) => e.userId)).toEqual([404]);
  });

  it('ignores a call from my own id unless I am an opponent', async () => {
    const { network, make } = setup();
    const b = make(B);
    const ringing = record(b, 'call');
    const other = party(network, B); // my other device
    await other.calls.createSession([C]).call(fakeStream(['audio']));
    network.deliver(B, B, network.of('call', C)[0]!.extraParams);
    expect(ringing).toHaveLength(0);
  });
});

describe('signals against the state', () => {
  it('stores candidates while ringing and adds them after accept (wire §20.6)', async () => {
    const { network, make } = setup();
    const a = make(A);
    const b = make(B);
    const ringing = record(b, 'call');
    const session = a.calls.createSession([B]);
    await session.call(fakeStream(['audio']));
    const candidate = {
      candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    // A trickling peer that is not our code: the candidate comes straight after the offer.
    a.links.last().options.onCandidates([candidate]);
    expect(network.of('iceCandidates', B)).toHaveLength(1);
    await ringing[0]!.session.accept(fakeStream(['audio']));
    expect(b.links.last().candidates).toEqual([{ ...candidate, sdpMLineIndex: '0' }]);
  });

  it('reports accept and hangUp for unknown or finished sessions as invalid events', async () => {
    const { network, make, clock } = setup();
    const a = make(A);
    const b = make(B);
    const invalid = record(b, 'invalidEvent');
    const ringing = record(b, 'call');
    const session = a.calls.createSession([B]);
    await session.call(fakeStream(['audio']));
    const incoming = ringing[0]!.session;
    incoming.reject();
    expect(session.state).toBe(SessionState.CLOSED);
    network.deliver(A, B, network.of('call', B)[0]!.extraParams);
    const hangUp = network.sent.length;
    session.stop();
    expect(network.sent.length).toBe(hangUp);
    const stray = a.calls.createSession([B]);
    await stray.call(fakeStream(['audio']));
    stray.stop();
    clock.advance(100);
    expect(invalid.map((e) => e.event)).toEqual([]);
    expect(ringing).toHaveLength(2);
    ringing[1]!.session.stop();
    // A hangUp for a session already closed on our side.
    network.deliver(A, B, network.of('hangUp', B).at(-1)!.extraParams);
    expect(invalid.map((e) => e.event)).toEqual(['onStop']);
    // An accept for a session nobody knows.
    const stranger = encodeExtraParams(
      encodeSignal({
        signalType: SignalType.ACCEPT,
        sessionId: 'nope',
        callType: CallType.AUDIO,
        callerId: B,
        opponentIds: [A],
        sdp: 'v=0',
      }),
      WEBRTC_MODULE,
    );
    network.deliver(A, B, stranger);
    expect(invalid.at(-1)).toMatchObject({ event: 'onAccept', sessionId: 'nope', session: null, userId: A });
  });

  it('replaces tracks on every link without sending a signal, with a content hint', async () => {
    const { network, make } = setup();
    const a = make(A);
    make(B);
    const stream = fakeStream();
    const session = a.calls.createSession([B]);
    await session.call(stream);
    const before = network.sent.length;
    await session.replaceTrack('audio', null);
    const screen = fakeTrack('video');
    await session.replaceTrack('video', screen, { contentHint: 'detail' });
    expect(a.links.last().replaced).toEqual([
      ['audio', null],
      ['video', screen],
    ]);
    expect(screen.contentHint).toBe('detail');
    expect(stream.getVideoTracks()).toEqual([screen]);
    expect(stream.getAudioTracks()).toHaveLength(1);
    expect(network.sent.length).toBe(before);
  });
});
