/**
 * Call timers and ICE restart on the real Prosody (docs/calls.md "Timers", wire §20.4, §20.7):
 * dialing re-sends `call` every 5 s and gives up after 60 s (a fake clock on the caller), the
 * callee's 60 s answer timer, and an ICE restart over `update` after a forced disconnect, with
 * reconnecting → reconnected and media flowing again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CallType, createFakeClock, SessionState, type FakeClock } from '../../src/webrtc';
import { fakeMedia, frameCounter, type FakeMedia } from '../support/call-media';
import { callParty, leave, nextCall, type CallParty } from '../support/call-harness';
import { until } from '../support/chat-harness';

const stack = inject('stack');

describe('call timers and ICE restart', () => {
  let daniela: CallParty;
  let emma: CallParty;
  let fatima: CallParty;
  let danielaClock: FakeClock;
  let fatimaClock: FakeClock;
  const media: FakeMedia[] = [];
  const made = (options?: Parameters<typeof fakeMedia>[0]) => {
    const m = fakeMedia(options);
    media.push(m);
    return m;
  };

  beforeAll(async () => {
    danielaClock = createFakeClock(1_000_000);
    fatimaClock = createFakeClock(1_000_000);
    [daniela, emma, fatima] = await Promise.all([
      callParty(stack, 'daniela', { clock: danielaClock }),
      callParty(stack, 'emma', { timing: { iceConnectWait: 1_000 } }),
      callParty(stack, 'fatima', { clock: fatimaClock }),
    ]);
  });
  afterEach(() => {
    for (const session of [daniela, emma, fatima].flatMap((p) => [...p.calls.sessions.values()]))
      session.stop();
    for (const m of media.splice(0)) m.stop();
  });
  afterAll(async () => {
    await Promise.all([leave(daniela), leave(emma), leave(fatima)]);
  });

  it('re-sends call every 5 s and reports no answer after 60 s', async () => {
    const calls: string[] = [];
    const offCount = emma.calls.on('signal', (s) => {
      if (s.direction === 'in' && s.signalType === 'call') calls.push(s.sessionId);
    });
    const ringing = nextCall(emma.calls, 'call');
    const session = daniela.calls.createSession([emma.userId], CallType.AUDIO);
    await session.call(made({ audioOnly: true }).stream);
    await ringing;
    const noAnswer = nextCall(daniela.calls, 'userNotAnswer');
    for (let second = 5; second <= 55; second += 5) {
      danielaClock.advance(5_000);
      await until(() => calls.length === second / 5 + 1, `call number ${second / 5 + 1}`);
    }
    expect(session.state).toBe(SessionState.ACTIVE);
    danielaClock.advance(5_000);
    expect((await noAnswer).userId).toBe(emma.userId);
    expect(session.state).toBe(SessionState.CLOSED);
    // Nothing more is sent after giving up.
    danielaClock.advance(30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(12);
    expect(new Set(calls)).toEqual(new Set([session.id]));
    offCount();
  });

  it("closes a ringing session when the callee's answer timer runs out", async () => {
    const ringing = nextCall(fatima.calls, 'call');
    const session = emma.calls.createSession([fatima.userId], CallType.AUDIO);
    await session.call(made({ audioOnly: true }).stream);
    const incoming = await ringing;
    const closed = nextCall(fatima.calls, 'sessionClose');
    fatimaClock.advance(59_999);
    expect(incoming.session.state).toBe(SessionState.NEW);
    fatimaClock.advance(1);
    await closed;
    expect(incoming.session.state).toBe(SessionState.CLOSED);
  });

  it('restarts ICE over update after a forced disconnect and reports reconnecting, reconnected', async () => {
    const emmaMedia = made();
    const danielaMedia = made();
    const ringing = nextCall(daniela.calls, 'call');
    const session = emma.calls.createSession([daniela.userId], CallType.VIDEO);
    await session.call(emmaMedia.stream);
    const incoming = await ringing;
    const firstStream = nextCall(emma.calls, 'remoteStream');
    await incoming.session.accept(danielaMedia.stream);
    const first = (await firstStream).stream;
    const before = frameCounter(first.getVideoTracks()[0]!);
    await until(() => before.frames > 5, 'frames before the disconnect');
    before.stop();

    const states: string[] = [];
    emma.calls.on('reconnection', ({ state }) => states.push(state));
    const updates: string[] = [];
    daniela.calls.on('signal', (s) => {
      if (s.signalType === 'update') updates.push(s.direction);
    });
    const reconnected = nextCall(emma.calls, 'reconnection', (e) => e.state === 'reconnected', 60_000);
    const secondStream = nextCall(emma.calls, 'remoteStream', (e) => e.stream !== first, 60_000);
    // Drop daniela's side of the connection without telling anyone: emma's ICE goes disconnected.
    incoming.session.peerConnection(emma.userId)!.close();
    await reconnected;
    expect(states.slice(0, 2)).toEqual(['reconnecting', 'reconnected']);
    expect(updates).toContain('in');
    expect(updates).toContain('out');
    const after = frameCounter((await secondStream).stream.getVideoTracks()[0]!);
    await until(() => after.frames > 5, 'frames after the ICE restart');
    after.stop();
    expect(session.state).toBe(SessionState.ACTIVE);
    expect(incoming.session.state).toBe(SessionState.ACTIVE);
  });
});
