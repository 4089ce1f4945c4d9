/**
 * Interoperation with a call peer that is not our code (issue 13, wire §20): a bare
 * RTCPeerConnection speaking raw vendor-format headlines calls our `src/webrtc` client and is
 * called by it, with its candidates trickled and with all of them inside the SDP. Media is
 * counted in decoded frames on both sides.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { CallType, SessionState } from '../../src/webrtc';
import {
  barePeerConnection,
  readBareSignal,
  sendBareSignal,
  type BareSignal,
  type CandidateMode,
} from '../support/bare-caller';
import { fakeMedia, frameCounter, type FakeMedia } from '../support/call-media';
import { callParty, leave, nextCall, type CallParty } from '../support/call-harness';
import { jidOf, onlinePeer, until, type Element, type Peer } from '../support/chat-harness';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');

describe('a bare RTCPeerConnection with raw signals', () => {
  let ours: CallParty;
  let bare: Peer;
  const bareId = member('bianca').chatId;
  const received: BareSignal[] = [];
  const media: FakeMedia[] = [];
  const cleanup: (() => void)[] = [];
  const made = () => {
    const m = fakeMedia();
    media.push(m);
    return m;
  };
  const nextBare = (signalType: string) =>
    until(() => received.find((s) => s.signalType === signalType), `a raw ${signalType} signal`, 60_000);

  beforeAll(async () => {
    bare = await onlinePeer(stack, 'bianca');
    bare.on('stanza', (stanza: Element) => {
      const signal = readBareSignal(stanza);
      if (signal) received.push(signal);
    });
    ours = await callParty(stack, 'daniela');
  });
  afterEach(() => {
    for (const session of ours.calls.sessions.values()) session.stop();
    for (const fn of cleanup.splice(0)) fn();
    for (const m of media.splice(0)) m.stop();
    received.length = 0;
  });
  afterAll(async () => {
    await leave(ours);
    if (bare) await stopPeer(bare);
  });

  describe.each<CandidateMode>(['trickled', 'in-sdp'])('candidates %s', (mode) => {
    it('calls our client, which accepts; frames flow both ways; it hangs up', async () => {
      const bareMedia = made();
      const side = barePeerConnection(bareMedia);
      cleanup.push(() => side.pc.close());
      const to = jidOf(stack, ours.userId);
      const base = {
        sessionID: `bare-${mode}-${Date.now()}`,
        callType: '1',
        callerID: String(bareId),
        opponentIDs: [String(ours.userId)],
      };
      const ringing = nextCall(ours.calls, 'call');
      await side.pc.setLocalDescription(await side.pc.createOffer());
      if (mode === 'in-sdp') await side.gathered;
      await sendBareSignal(bare, to, { ...base, signalType: 'call', sdp: side.pc.localDescription!.sdp });
      if (mode === 'trickled') {
        // Each candidate at once, before our accept: our client must keep them (wire §20.6).
        side.onCandidate(
          (candidate) =>
            void sendBareSignal(bare, to, { ...base, signalType: 'iceCandidates', candidates: [candidate] }),
        );
        for (const candidate of side.candidates)
          await sendBareSignal(bare, to, { ...base, signalType: 'iceCandidates', candidates: [candidate] });
      } else {
        expect(side.pc.localDescription!.sdp).toContain('a=candidate:');
      }
      const incoming = await ringing;
      expect(incoming.session.callType).toBe(CallType.VIDEO);
      const stream = nextCall(ours.calls, 'remoteStream');
      await incoming.session.accept(made().stream);
      const accept = await nextBare('accept');
      expect(accept).toMatchObject({ sessionID: base.sessionID, callerID: String(bareId) });
      await side.pc.setRemoteDescription({ type: 'answer', sdp: accept.sdp! });
      const candidates = await nextBare('iceCandidates');
      for (const c of received.filter((s) => s.signalType === 'iceCandidates').flatMap((s) => s.candidates)) {
        await side.pc.addIceCandidate({
          candidate: c.candidate,
          sdpMid: c.sdpMid,
          sdpMLineIndex: Number(c.sdpMLineIndex),
        });
      }
      expect(candidates.candidates.length).toBeGreaterThan(0);
      const atOurs = frameCounter((await stream).stream.getVideoTracks()[0]!);
      const atBare = frameCounter(await side.remoteVideo);
      cleanup.push(
        () => atOurs.stop(),
        () => atBare.stop(),
      );
      await until(() => atOurs.frames > 10 && atBare.frames > 10, 'frames on both sides');

      const stopped = nextCall(ours.calls, 'stop');
      await sendBareSignal(bare, to, { ...base, signalType: 'hangUp' });
      expect((await stopped).userId).toBe(bareId);
      await until(() => incoming.session.state === SessionState.CLOSED, 'our session to close');
    });

    it('is called by our client and answers; frames flow both ways', async () => {
      const bareMedia = made();
      const side = barePeerConnection(bareMedia);
      cleanup.push(() => side.pc.close());
      const session = ours.calls.createSession([bareId], CallType.VIDEO);
      const accepted = nextCall(ours.calls, 'accept');
      const stream = nextCall(ours.calls, 'remoteStream');
      await session.call(made().stream);
      const call = await nextBare('call');
      expect(call).toMatchObject({
        sessionID: session.id,
        callType: '1',
        callerID: String(ours.userId),
        opponentIDs: [String(bareId)],
      });
      const to = jidOf(stack, ours.userId);
      const base = {
        sessionID: call.sessionID,
        callType: call.callType,
        callerID: call.callerID,
        opponentIDs: call.opponentIDs,
      };
      await side.pc.setRemoteDescription({ type: 'offer', sdp: call.sdp! });
      await side.pc.setLocalDescription(await side.pc.createAnswer());
      if (mode === 'in-sdp') await side.gathered;
      await sendBareSignal(bare, to, { ...base, signalType: 'accept', sdp: side.pc.localDescription!.sdp });
      if (mode === 'trickled') {
        side.onCandidate(
          (candidate) =>
            void sendBareSignal(bare, to, { ...base, signalType: 'iceCandidates', candidates: [candidate] }),
        );
        for (const candidate of side.candidates)
          await sendBareSignal(bare, to, { ...base, signalType: 'iceCandidates', candidates: [candidate] });
      }
      expect((await accepted).userId).toBe(bareId);
      // Our candidates come after the answer, in one signal (wire §20.6).
      const ourCandidates = await nextBare('iceCandidates');
      for (const c of ourCandidates.candidates) {
        await side.pc.addIceCandidate({
          candidate: c.candidate,
          sdpMid: c.sdpMid,
          sdpMLineIndex: Number(c.sdpMLineIndex),
        });
      }
      const atOurs = frameCounter((await stream).stream.getVideoTracks()[0]!);
      const atBare = frameCounter(await side.remoteVideo);
      cleanup.push(
        () => atOurs.stop(),
        () => atBare.stop(),
      );
      await until(() => atOurs.frames > 10 && atBare.frames > 10, 'frames on both sides');
      // Dialing stopped at accept: no more `call` signals.
      const calls = received.filter((s) => s.signalType === 'call').length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.filter((s) => s.signalType === 'call').length).toBe(calls);
      session.stop();
      await nextBare('hangUp');
    });
  });
});
