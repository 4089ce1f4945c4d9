/**
 * The simple-peer link with @roamhq/wrtc (wire §20.6, §20.8): local candidates are held until the
 * signaling state is stable and then handed over as one list; the local description is munged
 * (VP8 first, bandwidth); media connects through the candidates exchanged that way; the local
 * description a `call` carries has the candidates gathered since (wire §20.4).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPeerLink, type PeerLink } from '../../../src/webrtc/client/peer-link';
import type { IceCandidateInit } from '../../../src/webrtc/signalling/payload';
import { fakeMedia, nodeWrtc, type FakeMedia } from '../../support/call-media';

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('peer link', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const fn of cleanup.splice(0)) fn();
  });

  function side(initiator: boolean, media: FakeMedia) {
    const state = {
      descriptions: [] as { type: string; sdp: string }[],
      batches: [] as { at: string; candidates: IceCandidateInit[] }[],
      ice: [] as string[],
      gathering: [] as boolean[],
      link: null as PeerLink | null,
    };
    state.link = createPeerLink({
      initiator,
      iceServers: [],
      wrtc: nodeWrtc,
      stream: media.stream,
      sending: {},
      bandwidth: 400,
      bandwidthLine: 'AS',
      onDescription: (type, sdp) => state.descriptions.push({ type, sdp }),
      onCandidates: (candidates) => state.batches.push({ at: state.link!.pc.signalingState, candidates }),
      onGathering: (complete) => state.gathering.push(complete),
      onIceState: (s) => state.ice.push(s),
      onRemoteStream: () => {},
      onLost: () => {},
    });
    cleanup.push(() => state.link!.destroy());
    return state;
  }

  it('holds candidates until stable, then sends them as one list; the call connects with them', async () => {
    const mediaA = fakeMedia();
    const mediaB = fakeMedia();
    cleanup.push(
      () => mediaA.stop(),
      () => mediaB.stop(),
    );
    const a = side(true, mediaA);
    const b = side(false, mediaB);
    await until(() => a.descriptions.length === 1, 'the offer');
    const offer = a.descriptions[0]!;
    expect(offer.type).toBe('offer');
    expect(offer.sdp).toContain('b=AS:400');
    const vp8 = /a=rtpmap:(\d+) VP8\/90000/.exec(offer.sdp)![1];
    expect(/m=video \d+ \S+ (\d+)/.exec(offer.sdp)![1]).toBe(vp8);
    // Gathering runs while the offer is pending: nothing may leave before the answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.link!.pc.signalingState).toBe('have-local-offer');
    expect(a.batches).toEqual([]);

    b.link!.setRemote('offer', offer.sdp);
    await until(() => b.descriptions.length === 1, 'the answer');
    a.link!.setRemote('answer', b.descriptions[0]!.sdp);
    await until(() => a.batches.length > 0, "the caller's held candidates");
    expect(a.batches[0]!.at).toBe('stable');
    expect(a.batches[0]!.candidates.length).toBeGreaterThan(0);
    for (const batch of a.batches) b.link!.addRemoteCandidates(batch.candidates);
    await until(() => b.batches.length > 0, "the callee's candidates");
    expect(b.batches.every((batch) => batch.at === 'stable')).toBe(true);
    for (const batch of b.batches) a.link!.addRemoteCandidates(batch.candidates);
    await until(() => a.ice.includes('connected') && b.ice.includes('connected'), 'ICE connected');
    // Gathering completes meanwhile, which simple-peer reports as an ICE state too: each state
    // is reported once, when it is new, as the SDK hears them.
    await until(
      () => a.link!.gathered === 'complete' && b.link!.gathered === 'complete',
      'gathering complete',
    );
    for (const { ice } of [a, b]) expect(ice.filter((s, i) => s === ice[i - 1])).toEqual([]);
  });

  it('reports gathering, and its local description then carries the candidates, munged', async () => {
    const media = fakeMedia();
    cleanup.push(() => media.stop());
    const a = side(true, media);
    expect(a.link!.localSdp).toBeNull();
    await until(() => a.gathering.includes(false), 'a local candidate');
    const sdp = a.link!.localSdp!;
    expect(sdp).toMatch(/^a=candidate:/m);
    expect(sdp).toContain('b=AS:400');
    expect(sdp).not.toContain('a=extmap-allow-mixed');
    const vp8 = /a=rtpmap:(\d+) VP8\/90000/.exec(sdp)![1];
    expect(/m=video \d+ \S+ (\d+)/.exec(sdp)![1]).toBe(vp8);
    await until(() => a.gathering.includes(true), 'gathering complete');
    expect(a.gathering.indexOf(true)).toBe(a.gathering.length - 1);
    expect(a.batches).toEqual([]);
  });
});
