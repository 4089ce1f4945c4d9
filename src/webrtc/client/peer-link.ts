/**
 * One RTCPeerConnection to one participant, through simple-peer (docs/calls.md "Browser and
 * Node"). It munges every local description (wire §20.8), holds local candidates back until the
 * signaling state is `stable` and then hands them over as one list (wire §20.6), and swaps sent
 * tracks without renegotiation. An ICE restart (wire §20.7) replaces the whole link.
 */
import SimplePeer from 'simple-peer';
import { PREFERRED_CODEC } from '../constants';
import { createLinkMachine, LinkState } from '../machines/link-machine';
import type { IceCandidateInit } from '../signalling/payload';
import { mungeLocal, mungeRemote } from '../sdp/munge';
import type { MediaKind, WebRtcImplementation } from '../types';
import type { Gathered } from './first-call';

export interface PeerLinkOptions {
  initiator: boolean;
  iceServers: RTCIceServer[];
  wrtc?: WebRtcImplementation;
  stream: MediaStream;
  /** The track each kind sends now (null = muted / camera off), applied over the stream's. */
  sending: Partial<Record<MediaKind, MediaStreamTrack | null>>;
  bandwidth: number;
  bandwidthLine: 'AS' | 'TIAS';
  iceRestart?: boolean;
  onDescription(type: 'offer' | 'answer', sdp: string): void;
  onCandidates(candidates: IceCandidateInit[]): void;
  /** A local candidate was gathered (`complete` false), or gathering completed (true). */
  onGathering(complete: boolean): void;
  onIceState(state: RTCIceConnectionState): void;
  onRemoteStream(stream: MediaStream): void;
  /** The link ended without {@link PeerLink.destroy} (ICE failed or closed, a peer error). */
  onLost(error: Error | null): void;
}

export interface PeerLink {
  readonly pc: RTCPeerConnection;
  readonly iceState: RTCIceConnectionState;
  readonly hasRemoteDescription: boolean;
  /**
   * The local description as it is now, with the candidates gathered since it was set (munged,
   * wire §20.8); null before there is one. What a `call` carries (wire §20.4).
   */
  readonly localSdp: string | null;
  /** Whether its local candidates have begun to come, or all came (docs/calls.md "The first call"). */
  readonly gathered: Gathered;
  /** Applies a remote offer or answer (bandwidth munged, wire §20.8). */
  setRemote(type: 'offer' | 'answer', sdp: string): void;
  addRemoteCandidates(candidates: readonly IceCandidateInit[]): void;
  replaceTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void>;
  destroy(): void;
}

interface SimplePeerInternals {
  _pc: RTCPeerConnection;
}

function toIndex(value: number | string | null): number | null {
  if (value === null || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : null;
}

export function createPeerLink(options: PeerLinkOptions): PeerLink {
  const peer = new SimplePeer({
    initiator: options.initiator,
    trickle: true,
    config: { iceServers: options.iceServers },
    stream: options.stream,
    ...(options.wrtc ? { wrtc: options.wrtc } : {}),
    offerOptions: options.iceRestart ? { iceRestart: true } : {},
    sdpTransform: (sdp) => mungeLocal(sdp, PREFERRED_CODEC, options.bandwidth, options.bandwidthLine),
  });
  const pc = (peer as unknown as SimplePeerInternals)._pc;
  const life = createLinkMachine();
  /** A closed link takes no more signals: what the network still brings for it is dropped. */
  const closed = () => life.state === LinkState.CLOSED;
  // Candidates of an earlier ICE generation would make simple-peer destroy the link (wire §20.7).
  let remoteUfrags: Set<string> | null = null;
  const current = (c: IceCandidateInit) => {
    const ufrag = / ufrag (\S+)/.exec(c.candidate)?.[1];
    return !ufrag || !remoteUfrags || remoteUfrags.size === 0 || remoteUfrags.has(ufrag);
  };
  const pending: IceCandidateInit[] = [];
  let candidateSeen = false;

  // Senders by kind, taken before any replacement can empty their track (wire §20.8).
  const senders = new Map<MediaKind, RTCRtpSender>();
  for (const sender of pc.getSenders()) {
    const kind = sender.track?.kind;
    if (kind === 'audio' || kind === 'video') senders.set(kind, sender);
  }
  for (const [kind, track] of Object.entries(options.sending) as [MediaKind, MediaStreamTrack | null][]) {
    const sender = senders.get(kind);
    if (sender && sender.track !== track) void sender.replaceTrack(track);
  }

  const flush = () => {
    if (pending.length === 0 || pc.signalingState !== 'stable') return;
    options.onCandidates(pending.splice(0));
  };

  peer.on('signal', (data: SimplePeer.SignalData) => {
    if (closed()) return;
    if ('candidate' in data && data.type === 'candidate') {
      const c = data.candidate as RTCIceCandidateInit;
      pending.push({
        candidate: c.candidate ?? '',
        sdpMid: c.sdpMid ?? null,
        sdpMLineIndex: c.sdpMLineIndex ?? null,
      });
      flush();
      candidateSeen = true;
      options.onGathering(false);
    } else if (data.type === 'offer' || data.type === 'answer') {
      options.onDescription(data.type, data.sdp ?? '');
    }
  });
  peer.on('signalingStateChange', () => flush());
  pc.addEventListener('icegatheringstatechange', () => {
    if (!closed() && pc.iceGatheringState === 'complete') options.onGathering(true);
  });
  // simple-peer reports the ICE state on every gathering change too; a state is reported once,
  // when it is new, as the SDK hears `iceconnectionstatechange` alone (docs/calls.md "Lifecycles").
  let iceReported: RTCIceConnectionState | null = null;
  peer.on('iceStateChange', (state: RTCIceConnectionState) => {
    if (closed() || state === iceReported) return;
    iceReported = state;
    options.onIceState(state);
  });
  peer.on('stream', (stream: MediaStream) => {
    if (!closed()) options.onRemoteStream(stream);
  });
  let lostError: Error | null = null;
  peer.on('error', (error: Error) => {
    lostError = error;
  });
  peer.on('close', () => {
    // Closed here first (destroy) is no loss.
    if (closed()) return;
    life.transition(LinkState.CLOSED);
    options.onLost(lostError);
  });

  return {
    pc,
    get iceState() {
      return pc.iceConnectionState;
    },
    get hasRemoteDescription() {
      return life.state === LinkState.DESCRIBED;
    },
    get gathered() {
      if (pc.iceGatheringState === 'complete') return 'complete';
      return candidateSeen ? 'some' : 'none';
    },
    get localSdp() {
      const sdp = pc.localDescription?.sdp;
      return sdp ? mungeLocal(sdp, PREFERRED_CODEC, options.bandwidth, options.bandwidthLine) : null;
    },
    setRemote(type, sdp) {
      if (closed()) return;
      life.transition(LinkState.DESCRIBED);
      remoteUfrags = new Set([...sdp.matchAll(/^a=ice-ufrag:(\S+)/gm)].map((match) => match[1]!));
      peer.signal({ type, sdp: mungeRemote(sdp, options.bandwidth, options.bandwidthLine) });
    },
    addRemoteCandidates(candidates) {
      if (closed()) return;
      for (const c of candidates) {
        if (!c.candidate || !current(c)) continue;
        peer.signal({
          type: 'candidate',
          candidate: {
            candidate: c.candidate,
            sdpMid: c.sdpMid || null,
            sdpMLineIndex: toIndex(c.sdpMLineIndex),
          },
        } as SimplePeer.SignalData);
      }
    },
    async replaceTrack(kind, track) {
      const sender = senders.get(kind);
      if (sender && !closed()) await sender.replaceTrack(track);
    },
    destroy() {
      if (closed()) return;
      life.transition(LinkState.CLOSED);
      peer.destroy();
    },
  };
}
