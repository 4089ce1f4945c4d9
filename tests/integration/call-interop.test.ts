/**
 * Interoperation with a call peer that is not built on our code (issue 13): a bare `@roamhq/wrtc`
 * RTCPeerConnection whose signals are raw stanzas in the vendor's format (docs/wire/hosted-chat.md
 * §20.1–§20.2, tests/support/vendor-call-peer.ts), playing the provider Dana, and the member
 * simulator (our `src/webrtc` in Node). Both directions, with the bare peer's candidates trickled
 * (§20.6) and inside its SDP only; media is counted on both sides.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { watchReceivedMedia, type ReceivedMedia } from '../../scripts/member/received-media';
import { startSyntheticMedia, type SyntheticMedia } from '../../scripts/member/synthetic-media';
import { untilCount } from '../support/call-peers';
import { providerChatPassword, wsUrl } from '../support/chat-harness';
import { startMember, type RunningMember } from '../support/member-simulator';
import { connectVendorPeer, type VendorCall, type VendorPeer } from '../support/vendor-call-peer';

const stack = inject('stack');
const daniela = member('daniela');
const dana = provider('dana');
let sim: RunningMember | null = null;
let bare: VendorPeer | null = null;
let sent: SyntheticMedia | null = null;
let received: ReceivedMedia | null = null;

async function vendorDana(trickle: boolean): Promise<VendorPeer> {
  const { chatId, password } = await providerChatPassword(stack, 'dana');
  return connectVendorPeer({
    service: wsUrl(stack),
    domain: stack.chatDomain,
    appId: stack.appId,
    userId: chatId,
    password,
    trickle,
  });
}

/** Frames of the simulator's pattern reach the bare peer, and the bare peer's reach the simulator. */
async function mediaFlowsBothWays(call: VendorCall): Promise<void> {
  received = watchReceivedMedia(await call.remoteStream, () => undefined);
  await untilCount(() => received!.videoFrames, 10, 'frames the bare peer decoded');
  await untilCount(() => received!.audioFrames, 50, 'audio frames the bare peer received');
  await sim!.waitFor(/received: [1-9]\d* video frames \(\d+×\d+/, 60_000);
}

function expectCandidates(call: VendorCall, trickle: boolean) {
  const sdp = call.pc.localDescription!.sdp;
  if (trickle) {
    expect(call.sent).toContain('iceCandidates');
  } else {
    expect(call.sent).not.toContain('iceCandidates');
    expect(sdp).toMatch(/^a=candidate:/m);
  }
}

afterEach(async () => {
  received?.stop();
  sent?.stop();
  await bare?.close();
  await sim?.stop();
  [received, sent, bare, sim] = [null, null, null, null];
});

describe.each([
  { trickle: true, how: 'candidates trickled' },
  { trickle: false, how: 'candidates inside the SDP' },
])('a bare RTCPeerConnection in the vendor format, $how', ({ trickle }) => {
  it('calls the member simulator, which answers; media flows both ways; its hang-up ends the call', async () => {
    sim = await startMember(stack.url, 'daniela', { args: ['--answer-after-ms', '200'] });
    bare = await vendorDana(trickle);
    sent = startSyntheticMedia();
    const call = await bare.call(daniela.chatId, sent.stream);
    await sim.waitFor(new RegExp(`→ accepted the call from ${dana.chatId}`));
    await mediaFlowsBothWays(call);
    expectCandidates(call, trickle);
    await call.hangUp();
    await sim.waitFor(new RegExp(`← ${dana.chatId} hung up`));
    await sim.waitFor(/Call \S+ ended after/);
  });

  it('is called by the member simulator (--call) and answers; media flows both ways', async () => {
    bare = await vendorDana(trickle);
    sent = startSyntheticMedia();
    const answering = bare.answer(sent.stream, 40_000);
    sim = await startMember(stack.url, 'daniela', { args: ['--call', dana.email] });
    const call = await answering;
    await sim.waitFor(new RegExp(`← ${dana.chatId} accepted`));
    const offer = bare.signals.find((s) => s.signalType === 'call')!;
    expect(offer).toMatchObject({
      callType: '1',
      callerID: String(daniela.chatId),
      opponentsIDs: [dana.chatId],
    });
    await mediaFlowsBothWays(call);
    expectCandidates(call, trickle);
    await call.hangUp();
    await sim.waitFor(new RegExp(`← ${dana.chatId} hung up`));
  });
});
