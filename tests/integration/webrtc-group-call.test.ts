/**
 * A group (mesh) call of three `src/webrtc` clients (with @roamhq/wrtc) through the real Prosody
 * (wire §20.4–§20.5, docs/calls.md "Group calls"): Bianca calls Ava and Clara; Clara (the highest
 * id) calls Ava once she accepts, and Ava, already in the call, answers at once. All three end up
 * connected to each other, decoded frames arrive on every one of the six directions, and a hang-up
 * ends one pair while the other two stay in the call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CallType, PeerState, SessionState, type CallEvents, type CallSession } from '../../src/webrtc';
import { fakeMedia, frameCounter, type FakeMedia } from '../support/call-media';
import { callParty, leave, nextCall, type CallParty } from '../support/call-harness';
import { until } from '../support/chat-harness';

const stack = inject('stack');

/** Every remote stream a party receives, by session and sender. */
function streams(party: CallParty) {
  const got = new Map<number, MediaStream>();
  party.calls.on('remoteStream', ({ userId, stream }) => got.set(userId, stream));
  return got;
}

describe('a group call of three src/webrtc clients', () => {
  let ava: CallParty;
  let bianca: CallParty;
  let clara: CallParty;
  const media: FakeMedia[] = [];
  const counters: { stop(): void }[] = [];

  beforeAll(async () => {
    [ava, bianca, clara] = await Promise.all([
      callParty(stack, 'ava'),
      callParty(stack, 'bianca'),
      callParty(stack, 'clara'),
    ]);
  });
  afterEach(() => {
    for (const session of [ava, bianca, clara].flatMap((p) => [...p.calls.sessions.values()])) session.stop();
    for (const counter of counters.splice(0)) counter.stop();
    for (const m of media.splice(0)) m.stop();
  });
  afterAll(async () => {
    await Promise.all([leave(ava), leave(bianca), leave(clara)]);
  });

  it('connects every pair with media both ways, and a hang-up ends only that pair', async () => {
    // The mesh rule of wire §20.5 needs Clara > Bianca and Ava < Clara: the personas' chat ids.
    expect(ava.userId).toBeLessThan(bianca.userId);
    expect(bianca.userId).toBeLessThan(clara.userId);
    const [atAva, atBianca, atClara] = [streams(ava), streams(bianca), streams(clara)];
    const [mAva, mBianca, mClara] = [fakeMedia(), fakeMedia(), fakeMedia()];
    media.push(mAva, mBianca, mClara);

    const avaRings = nextCall(ava.calls, 'call');
    const claraRings = nextCall(clara.calls, 'call');
    const session = bianca.calls.createSession([ava.userId, clara.userId], CallType.VIDEO);
    await session.call(mBianca.stream, { name: 'Bianca' });
    const [ringAva, ringClara] = await Promise.all([avaRings, claraRings]);
    expect([ringAva.userId, ringClara.userId]).toEqual([bianca.userId, bianca.userId]);
    expect(ringClara.session.opponentIds).toEqual([ava.userId, clara.userId]);
    const inAva = ringAva.session;
    const inClara = ringClara.session;

    await inAva.accept(mAva.stream);
    await until(() => inAva.peerState(bianca.userId) === PeerState.CONNECTED, 'Ava connected to Bianca');

    // Clara accepts: she answers Bianca and calls Ava, who is ACTIVE and accepts on her own.
    const claraCallsAva = nextCall(
      ava.calls,
      'signal',
      (s) => s.direction === 'in' && s.signalType === 'call' && s.userId === clara.userId,
    );
    const avaAccepts: Promise<CallEvents['accept']> = nextCall(
      clara.calls,
      'accept',
      (e) => e.userId === ava.userId,
    );
    await inClara.accept(mClara.stream);
    await Promise.all([claraCallsAva, avaAccepts]);

    const everyone: [CallParty, CallSession, Map<number, MediaStream>][] = [
      [ava, inAva, atAva],
      [bianca, session, atBianca],
      [clara, inClara, atClara],
    ];
    for (const [party, s] of everyone) {
      const others = [ava, bianca, clara].filter((p) => p !== party).map((p) => p.userId);
      await until(
        () => others.every((id) => /connected|completed/.test(String(s.peerState(id)))),
        `${party.userId} connected to ${others.join(', ')}`,
      );
      expect(s.state).toBe(SessionState.ACTIVE);
    }

    // Frames decoded on all six directions.
    const frames: { label: string; counter: ReturnType<typeof frameCounter> }[] = [];
    for (const [party, , got] of everyone) {
      for (const other of [ava, bianca, clara].filter((p) => p !== party)) {
        await until(() => got.has(other.userId), `${party.userId} gets ${other.userId}'s stream`);
        const counter = frameCounter(got.get(other.userId)!.getVideoTracks()[0]!);
        counters.push(counter);
        frames.push({ label: `${other.userId} → ${party.userId}`, counter });
      }
    }
    expect(frames).toHaveLength(6);
    await until(() => frames.every((f) => f.counter.frames > 10), 'frames on every direction');

    // Bianca (the caller) hangs up: Ava and Clara stay in the call with each other.
    const avaHears = nextCall(ava.calls, 'stop');
    const claraHears = nextCall(clara.calls, 'stop');
    session.stop();
    expect([(await avaHears).userId, (await claraHears).userId]).toEqual([bianca.userId, bianca.userId]);
    await until(
      () =>
        inAva.peerState(bianca.userId) === PeerState.CLOSED &&
        inClara.peerState(bianca.userId) === PeerState.CLOSED,
      'the pairs with Bianca to close',
    );
    expect(session.state).toBe(SessionState.CLOSED);
    expect([inAva.state, inClara.state]).toEqual([SessionState.ACTIVE, SessionState.ACTIVE]);
    const between = frames.find((f) => f.label === `${ava.userId} → ${clara.userId}`)!.counter;
    const sofar = between.frames;
    await until(() => between.frames > sofar + 10, 'frames from Ava to Clara after Bianca left');

    // Clara leaves too: Ava has nobody left and her session closes.
    const avaCloses = nextCall(ava.calls, 'sessionClose');
    inClara.stop();
    await avaCloses;
    expect(inAva.state).toBe(SessionState.CLOSED);
  });
});
