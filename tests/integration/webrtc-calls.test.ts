/**
 * Two `src/webrtc` clients (with @roamhq/wrtc) calling each other through the real Prosody
 * (docs/calls.md, wire §20): call, accept, media both ways (decoded frames counted), mute without
 * renegotiation, hang up; reject; busy auto-reject.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CallType, PeerState, SessionState } from '../../src/webrtc';
import { fakeMedia, frameCounter, type FakeMedia } from '../support/call-media';
import { callParty, leave, nextCall, type CallParty } from '../support/call-harness';
import { until } from '../support/chat-harness';

const stack = inject('stack');

describe('calls between two src/webrtc clients', () => {
  let ava: CallParty;
  let bianca: CallParty;
  let clara: CallParty;
  const media: FakeMedia[] = [];
  const made = (options?: Parameters<typeof fakeMedia>[0]) => {
    const m = fakeMedia(options);
    media.push(m);
    return m;
  };

  beforeAll(async () => {
    [ava, bianca, clara] = await Promise.all([
      callParty(stack, 'ava', { timing: { statsInterval: 500 } }),
      callParty(stack, 'bianca'),
      callParty(stack, 'clara'),
    ]);
  });
  afterEach(() => {
    for (const session of [ava, bianca, clara].flatMap((p) => [...p.calls.sessions.values()])) session.stop();
    for (const m of media.splice(0)) m.stop();
  });
  afterAll(async () => {
    await Promise.all([leave(ava), leave(bianca), leave(clara)]);
  });

  it('calls, accepts, exchanges media both ways, mutes and hangs up', async () => {
    const mine = made();
    const theirs = made();
    const ringing = nextCall(bianca.calls, 'call');
    const session = ava.calls.createSession([bianca.userId], CallType.VIDEO, { bandwidth: 512 });
    await session.call(mine.stream, { name: 'Ava' });
    const incoming = await ringing;
    expect(incoming.userId).toBe(ava.userId);
    expect(incoming.userInfo).toMatchObject({ name: 'Ava', bandwidth: '512' });
    expect(incoming.session.id).toBe(session.id);
    expect(incoming.session.state).toBe(SessionState.NEW);
    expect(incoming.session.bandwidth).toBe(512);

    const accepted = nextCall(ava.calls, 'accept');
    const avaGetsStream = nextCall(ava.calls, 'remoteStream');
    const biancaGetsStream = nextCall(bianca.calls, 'remoteStream');
    await incoming.session.accept(theirs.stream);
    expect((await accepted).userId).toBe(bianca.userId);
    const [atAva, atBianca] = await Promise.all([avaGetsStream, biancaGetsStream]);
    expect(session.state).toBe(SessionState.ACTIVE);

    const framesAtAva = frameCounter(atAva.stream.getVideoTracks()[0]!);
    const framesAtBianca = frameCounter(atBianca.stream.getVideoTracks()[0]!);
    await until(() => framesAtAva.frames > 10 && framesAtBianca.frames > 10, 'frames on both sides');
    expect(session.peerState(bianca.userId)).toMatch(/connected|completed/);
    const sdp = session.peerConnection(bianca.userId)!.localDescription!.sdp;
    expect(sdp).toMatch(/m=video \d+ [A-Z/]+ (\d+)/);
    expect(sdp).toContain('b=AS:512');
    expect(sdp).not.toContain('a=extmap-allow-mixed');

    // Mute and camera off: the senders carry no track, nothing is renegotiated.
    let renegotiated = false;
    const offSignal = ava.calls.on('signal', (s) => {
      if (s.direction === 'out' && s.signalType !== 'iceCandidates') renegotiated = true;
    });
    await session.replaceTrack('audio', null);
    await session.replaceTrack('video', null);
    const senders = session.peerConnection(bianca.userId)!.getSenders();
    expect(senders.every((sender) => sender.track === null)).toBe(true);
    // Frames already on their way still arrive (late, on a loaded machine); then a window of
    // 700 ms passes with none — a camera still sending gives about ten in each.
    await expect
      .poll(async () => {
        const before = framesAtBianca.frames;
        await new Promise((resolve) => setTimeout(resolve, 700));
        return framesAtBianca.frames - before;
      })
      .toBeLessThan(2);
    // Back on, and a "screen" track with a content hint instead of the camera.
    await session.replaceTrack('audio', mine.audio);
    const screen = mine.extraVideo();
    await session.replaceTrack('video', screen, { contentHint: 'detail' });
    expect(screen.contentHint).toBe('detail');
    expect(session.localStream!.getVideoTracks()).toEqual([screen]);
    const resumed = framesAtBianca.frames;
    await until(() => framesAtBianca.frames > resumed + 10, 'frames again after unmuting');
    offSignal();
    expect(renegotiated).toBe(false);

    // Sampled every statsInterval while connected (wire §20.8), with a bitrate from the last sample.
    const sampled = await nextCall(ava.calls, 'stats', (e) => e.stats.local.video.bitrate > 0);
    expect(sampled.userId).toBe(bianca.userId);
    expect(sampled.stats.remote.video.frameWidth).toBe(160);
    const stats = await session.getStats(bianca.userId);
    expect(stats.local.video.bytes).toBeGreaterThan(0);
    expect(stats.remote.video.bytes).toBeGreaterThan(0);
    expect(stats.local.candidate.candidateType).toBeTruthy();

    const stopped = nextCall(bianca.calls, 'stop');
    const closedAtBianca = nextCall(bianca.calls, 'sessionClose');
    session.stop();
    expect((await stopped).userId).toBe(ava.userId);
    await closedAtBianca;
    expect(session.state).toBe(SessionState.CLOSED);
    expect(incoming.session.state).toBe(SessionState.CLOSED);
    expect(incoming.session.peerState(ava.userId)).toBe(PeerState.CLOSED);
    framesAtAva.stop();
    framesAtBianca.stop();
  });

  it('hears a reject and closes the session', async () => {
    const ringing = nextCall(bianca.calls, 'call');
    const session = ava.calls.createSession([bianca.userId], CallType.AUDIO);
    await session.call(made({ audioOnly: true }).stream);
    const incoming = await ringing;
    const rejected = nextCall(ava.calls, 'reject');
    incoming.session.reject({ reason: 'busy later' });
    const heard = await rejected;
    expect(heard).toMatchObject({ userId: bianca.userId, userInfo: { reason: 'busy later' } });
    expect(incoming.session.state).toBe(SessionState.CLOSED);
    await until(() => session.state === SessionState.CLOSED, 'the caller session to close');
  });

  it('rejects a second call automatically while busy, echoing the offer', async () => {
    const ringing = nextCall(bianca.calls, 'call');
    const first = ava.calls.createSession([bianca.userId], CallType.AUDIO);
    await first.call(made({ audioOnly: true }).stream);
    const incoming = await ringing;
    await incoming.session.accept(made({ audioOnly: true }).stream);

    const invalid = nextCall(bianca.calls, 'invalidEvent');
    const busy = nextCall(clara.calls, 'reject');
    const second = clara.calls.createSession([bianca.userId], CallType.VIDEO);
    await second.call(made().stream, { name: 'Clara' });
    const heard = await busy;
    expect(heard.userId).toBe(bianca.userId);
    expect(heard.userInfo).toMatchObject({ name: 'Clara' });
    expect(await invalid).toMatchObject({ event: 'onCall', sessionId: second.id, userId: clara.userId });
    await until(() => second.state === SessionState.CLOSED, 'the busy call to close');
    expect(incoming.session.state).toBe(SessionState.ACTIVE);
  });
});
