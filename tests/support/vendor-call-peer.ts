/**
 * A call peer that is not built on our code (issue 13 "interoperate with a peer that is not built
 * on our code"): a bare `@roamhq/wrtc` RTCPeerConnection whose signals are raw stanzas in the
 * vendor's format (docs/wire/hosted-chat.md §20.1–§20.2), sent over @xmpp/client. Its candidates
 * are trickled the vendor's way (buffered until the signaling state is stable, §20.6) or, with
 * `trickle: false`, only inside the SDP (it then also ignores candidates it is sent).
 */
import { randomUUID } from 'node:crypto';
import type { client as createClient } from '@xmpp/client';
import { nodeWrtc } from './call-media';
import { connectPeer, stopPeer } from './xmpp-peer';

type XmppClient = ReturnType<typeof createClient>;
interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Array<Element | string>;
  getChild(name: string): Element | undefined;
  getChildText(name: string): string | null;
  getChildren(name: string): Element[];
  text(): string;
}

export interface VendorSignal {
  from: number;
  signalType: string;
  sessionID: string;
  callType?: string;
  callerID?: string;
  opponentsIDs?: number[];
  sdp?: string;
  iceCandidates?: Array<{ candidate: string; sdpMid: string; sdpMLineIndex: string }>;
}

export interface VendorPeerOptions {
  service: string;
  domain: string;
  appId: number;
  userId: number;
  password: string;
  trickle: boolean;
}

export interface VendorCall {
  readonly sessionId: string;
  readonly pc: RTCPeerConnection;
  /** Signals this side sent, by type. */
  readonly sent: string[];
  /** The first remote stream. */
  readonly remoteStream: Promise<MediaStream>;
  hangUp(): Promise<void>;
}

export interface VendorPeer {
  readonly signals: VendorSignal[];
  /** Calls `opponentId` (video) with this stream, and resolves once accepted. */
  call(opponentId: number, stream: MediaStream): Promise<VendorCall>;
  /** Waits for a `call` and accepts it with this stream. */
  answer(stream: MediaStream, ms?: number): Promise<VendorCall>;
  close(): Promise<void>;
}

const MODULE = 'WebRTCVideoChat';

/** `{id}-{appId}@domain/resource` → id. */
const senderId = (from: string) => Number(from.split('-')[0]);

function parseSignal(stanza: Element): VendorSignal | null {
  if (stanza.name !== 'message') return null;
  const extra = stanza.getChild('extraParams');
  if (!extra || extra.getChildText('moduleIdentifier') !== MODULE) return null;
  const signal: VendorSignal = {
    from: senderId(stanza.attrs.from ?? ''),
    signalType: extra.getChildText('signalType') ?? '',
    sessionID: extra.getChildText('sessionID') ?? '',
  };
  for (const key of ['callType', 'callerID', 'sdp'] as const) {
    const value = extra.getChildText(key);
    if (value !== null) signal[key] = value;
  }
  const opponents = extra.getChild('opponentsIDs');
  if (opponents) signal.opponentsIDs = opponents.getChildren('opponentID').map((o) => Number(o.text()));
  const candidates = extra.getChild('iceCandidates');
  if (candidates)
    signal.iceCandidates = candidates.getChildren('iceCandidate').map((c) => ({
      candidate: c.getChildText('candidate') ?? '',
      sdpMid: c.getChildText('sdpMid') ?? '',
      sdpMLineIndex: c.getChildText('sdpMLineIndex') ?? '',
    }));
  return signal;
}

export async function connectVendorPeer(options: VendorPeerOptions): Promise<VendorPeer> {
  const { xml } = await import('@xmpp/client');
  const xmpp: XmppClient = await connectPeer({
    service: options.service,
    domain: options.domain,
    username: `${options.userId}-${options.appId}`,
    password: options.password,
  });
  await xmpp.send(xml('presence'));
  const signals: VendorSignal[] = [];
  const waiters = new Set<(s: VendorSignal) => void>();
  xmpp.on('stanza', (stanza: unknown) => {
    const signal = parseSignal(stanza as Element);
    if (!signal) return;
    signals.push(signal);
    for (const waiter of [...waiters]) waiter(signal);
  });
  const peers = new Set<RTCPeerConnection>();

  function next(test: (s: VendorSignal) => boolean, what: string, ms = 60_000): Promise<VendorSignal> {
    const seen = signals.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(
            `The vendor peer never got ${what}; it got ${signals.map((s) => s.signalType).join(', ')}`,
          ),
        );
      }, ms);
      const waiter = (s: VendorSignal) => {
        if (!test(s)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(s);
      };
      waiters.add(waiter);
    });
  }

  /** One signal as the vendor's SDK writes it (wire §20.1): headline, bare JID, extraParams. */
  function send(to: number, signalType: string, fields: Record<string, unknown>): Promise<void> {
    const all: Record<string, unknown> = { moduleIdentifier: MODULE, signalType, ...fields, platform: 'web' };
    const children = Object.entries(all).map(([key, value]) => {
      if (key === 'opponentsIDs')
        return xml(key, {}, ...(value as number[]).map((id) => xml('opponentID', {}, String(id))));
      if (key === 'iceCandidates')
        return xml(
          key,
          {},
          ...(value as RTCIceCandidateInit[]).map((c) =>
            xml(
              'iceCandidate',
              {},
              xml('candidate', {}, c.candidate ?? ''),
              xml('sdpMid', {}, String(c.sdpMid)),
              xml('sdpMLineIndex', {}, String(c.sdpMLineIndex)),
            ),
          ),
        );
      if (key === 'userInfo')
        return xml(key, {}, ...Object.entries(value as object).map(([k, v]) => xml(k, {}, String(v))));
      return xml(key, {}, String(value));
    });
    return xmpp.send(
      xml(
        'message',
        {
          to: `${to}-${options.appId}@${options.domain}`,
          type: 'headline',
          id: randomUUID().replace(/-/g, '').slice(0, 24),
        },
        xml('extraParams', { xmlns: 'jabber:client' }, ...children),
      ),
    );
  }

  /** A bare peer connection with the stream's tracks, exchanging candidates as §20.6 says. */
  function peer(
    opponentId: number,
    stream: MediaStream,
    base: () => Record<string, unknown>,
    sessionId: string,
    sent: string[],
  ) {
    const pc = new nodeWrtc.RTCPeerConnection({ iceServers: [] }) as RTCPeerConnection;
    peers.add(pc);
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    const remoteStream = new Promise<MediaStream>((resolve) => (pc.ontrack = (e) => resolve(e.streams[0]!)));
    const buffered: RTCIceCandidateInit[] = [];
    const flush = () => {
      if (!options.trickle || pc.signalingState !== 'stable' || buffered.length === 0) return;
      sent.push('iceCandidates');
      void send(opponentId, 'iceCandidates', { ...base(), iceCandidates: buffered.splice(0) });
    };
    pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      buffered.push(e.candidate.toJSON());
      flush();
    };
    pc.onsignalingstatechange = flush;
    const remoteCandidates: RTCIceCandidateInit[] = [];
    const applyCandidates = async () => {
      if (!pc.remoteDescription) return;
      for (const c of remoteCandidates.splice(0)) await pc.addIceCandidate(c);
    };
    waiters.add((s) => {
      if (!options.trickle || s.signalType !== 'iceCandidates' || s.sessionID !== sessionId) return;
      for (const c of s.iceCandidates ?? [])
        remoteCandidates.push({
          candidate: c.candidate,
          sdpMid: c.sdpMid,
          sdpMLineIndex: Number(c.sdpMLineIndex),
        });
      void applyCandidates();
    });
    /** The local SDP to send: at once when trickling, else after gathering, candidates inside. */
    const localSdp = async (): Promise<string> => {
      if (!options.trickle && pc.iceGatheringState !== 'complete')
        await new Promise<void>((resolve) =>
          pc.addEventListener(
            'icegatheringstatechange',
            () => pc.iceGatheringState === 'complete' && resolve(),
          ),
        );
      return pc.localDescription!.sdp;
    };
    return { pc, remoteStream, localSdp, applyCandidates };
  }

  return {
    signals,
    async call(opponentId, stream) {
      const sessionId = randomUUID();
      const sent: string[] = [];
      const base = () => ({
        sessionID: sessionId,
        callType: 1,
        callerID: options.userId,
        opponentsIDs: [opponentId],
      });
      const link = peer(opponentId, stream, base, sessionId, sent);
      await link.pc.setLocalDescription(await link.pc.createOffer());
      const sdp = await link.localSdp();
      sent.push('call');
      const dial = () => send(opponentId, 'call', { ...base(), sdp, userInfo: { bandwidth: 0 } });
      await dial();
      // Wire §20.4: the call goes again every 5 s until an answer, for 60 s. A callee whose chat
      // was not online yet gets a later one (a delayed signal is dropped, wire §14.6).
      const redial = setInterval(() => void dial().catch(() => undefined), 5_000);
      const accept = await next(
        (s) => s.signalType === 'accept' && s.sessionID === sessionId,
        'an accept',
        60_000,
      ).finally(() => clearInterval(redial));
      await link.pc.setRemoteDescription({ type: 'answer', sdp: accept.sdp! });
      await link.applyCandidates();
      return {
        sessionId,
        pc: link.pc,
        sent,
        remoteStream: link.remoteStream,
        hangUp: () => send(opponentId, 'hangUp', base()).then(() => void sent.push('hangUp')),
      };
    },
    async answer(stream, ms = 60_000) {
      const call = await next((s) => s.signalType === 'call', 'a call', ms);
      const sessionId = call.sessionID;
      const sent: string[] = [];
      const base = () => ({
        sessionID: sessionId,
        callType: call.callType,
        callerID: call.callerID,
        opponentsIDs: call.opponentsIDs,
      });
      const link = peer(call.from, stream, base, sessionId, sent);
      await link.pc.setRemoteDescription({ type: 'offer', sdp: call.sdp! });
      await link.applyCandidates();
      await link.pc.setLocalDescription(await link.pc.createAnswer());
      const sdp = await link.localSdp();
      sent.push('accept');
      await send(call.from, 'accept', { ...base(), sdp });
      return {
        sessionId,
        pc: link.pc,
        sent,
        remoteStream: link.remoteStream,
        hangUp: () => send(call.from, 'hangUp', base()).then(() => void sent.push('hangUp')),
      };
    },
    async close() {
      for (const pc of peers) pc.close();
      await stopPeer(xmpp);
    },
  };
}
