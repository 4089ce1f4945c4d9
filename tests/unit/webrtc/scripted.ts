/**
 * Unit-test doubles for the call client (docs/calls.md "Timers"): an in-memory signal network
 * that passes every signal through the real extraParams encoding, links whose ICE the test
 * scripts, and media streams without WebRTC.
 */
import { encodeExtraParams, type ModuleMessage, type SentModuleMessage } from '../../../src/xmpp';
import {
  createFakeClock,
  WEBRTC_MODULE,
  type CallClient,
  type CallClientOptions,
  type FakeClock,
  type SignalCarrier,
} from '../../../src/webrtc';
import { decodeSignal, type Signal } from '../../../src/webrtc/signalling/payload';
import { createCallClientWith } from '../../../src/webrtc/client/call-client';
import type { PeerLink, PeerLinkOptions } from '../../../src/webrtc/client/peer-link';
import type { IceCandidateInit } from '../../../src/webrtc/signalling/payload';

export interface Sent {
  from: number;
  to: number;
  signal: Signal;
  extraParams: ReturnType<typeof encodeExtraParams>;
}

/**
 * Users joined to one in-memory chat; a signal to a user who did not join is only recorded. A
 * user may join more than once (tabs of one browser sharing a connection): each hears what the
 * user's other carriers send (`onSent`).
 */
export function signalNetwork() {
  const listeners = new Map<number, Set<(message: ModuleMessage) => void>>();
  const sentListeners = new Map<
    number,
    Set<{ carrier: object; listener: (message: SentModuleMessage) => void }>
  >();
  const sent: Sent[] = [];
  let counter = 0;
  const deliver = (from: number, to: number, extraParams: ReturnType<typeof encodeExtraParams>) => {
    const message: ModuleMessage = {
      id: `m${counter++}`,
      userId: from,
      body: null,
      extension: {},
      moduleIdentifier: WEBRTC_MODULE,
      from: `${from}-1@chat.test/r`,
      extraParams,
      delayed: false,
    };
    for (const listener of listeners.get(to) ?? []) listener(message);
  };
  return {
    sent,
    /** The signals of a type sent so far. */
    of: (signalType: string, to?: number) =>
      sent.filter((s) => s.signal.signalType === signalType && (to === undefined || s.to === to)),
    /** Delivers raw extraParams as if `from` had sent them. */
    deliver,
    join(userId: number): SignalCarrier {
      const carrier: SignalCarrier = {
        on(moduleIdentifier, listener) {
          let set = listeners.get(userId);
          if (!set) listeners.set(userId, (set = new Set()));
          set.add(listener);
          return () => set.delete(listener);
        },
        send(to, moduleIdentifier, message) {
          const extraParams = encodeExtraParams(message.extension, moduleIdentifier);
          const signal = decodeSignal(extraParams);
          if (!signal) throw new Error('not a signal');
          sent.push({ from: userId, to: Number(to), signal, extraParams });
          const id = `id${counter++}`;
          for (const other of sentListeners.get(userId) ?? []) {
            if (other.carrier === carrier) continue;
            other.listener({
              id,
              userId,
              body: null,
              extension: {},
              moduleIdentifier,
              from: `${userId}-1@chat.test/r`,
              extraParams,
              delayed: false,
              recipientId: Number(to),
            });
          }
          deliver(userId, Number(to), extraParams);
          return id;
        },
        onSent(_moduleIdentifier, listener) {
          let set = sentListeners.get(userId);
          if (!set) sentListeners.set(userId, (set = new Set()));
          const entry = { carrier, listener };
          set.add(entry);
          return () => set.delete(entry);
        },
      };
      return carrier;
    },
  };
}

export interface ScriptedLink extends PeerLink {
  readonly options: PeerLinkOptions;
  /** The local description with candidates, as the test sets it; null leaves the first offer. */
  localSdp: string | null;
  readonly remote: { type: 'offer' | 'answer'; sdp: string }[];
  readonly candidates: IceCandidateInit[];
  readonly replaced: [string, MediaStreamTrack | null][];
  destroyed: boolean;
  /** Reports an ICE state as the implementation would. */
  ice(state: RTCIceConnectionState): void;
}

/**
 * A link factory whose links make their offer or answer at once and move ICE only when told; their
 * local candidates are all gathered at once, or (`held`) only when the test reports them through
 * the link's `options.onGathering`.
 */
export function scriptedLinks(gathering: 'at-once' | 'held' = 'at-once') {
  const links: ScriptedLink[] = [];
  let n = 0;
  const create = (options: PeerLinkOptions): PeerLink => {
    const id = n++;
    let iceState: RTCIceConnectionState = 'new';
    let remoteSet = false;
    const link: ScriptedLink = {
      options,
      remote: [],
      candidates: [],
      replaced: [],
      destroyed: false,
      pc: { signalingState: 'have-local-offer' } as unknown as RTCPeerConnection,
      get iceState() {
        return iceState;
      },
      get hasRemoteDescription() {
        return remoteSet;
      },
      localSdp: null,
      gathered: gathering === 'at-once' ? 'complete' : 'none',
      setRemote(type, sdp) {
        remoteSet = true;
        link.remote.push({ type, sdp });
        (link.pc as { signalingState: string }).signalingState =
          type === 'offer' ? 'have-remote-offer' : 'stable';
        if (type === 'offer') {
          (link.pc as { signalingState: string }).signalingState = 'stable';
          options.onDescription('answer', `answer-${id}`);
        }
      },
      addRemoteCandidates(candidates) {
        link.candidates.push(...candidates);
      },
      async replaceTrack(kind, track) {
        link.replaced.push([kind, track]);
      },
      destroy() {
        link.destroyed = true;
      },
      ice(state) {
        iceState = state;
        options.onIceState(state);
      },
    };
    links.push(link);
    if (options.initiator) options.onDescription('offer', `offer-${id}`);
    // Gathered at once unless a test says otherwise (`gathering: 'held'`).
    if (gathering === 'at-once') options.onGathering(true);
    return link;
  };
  return { links, create, last: () => links[links.length - 1]! };
}

export function fakeTrack(kind: 'audio' | 'video'): MediaStreamTrack {
  return { kind, contentHint: '', stop() {} } as unknown as MediaStreamTrack;
}

export function fakeStream(kinds: ('audio' | 'video')[] = ['audio', 'video']): MediaStream {
  const tracks = kinds.map(fakeTrack);
  return {
    id: 'stream',
    getTracks: () => [...tracks],
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    addTrack: (t: MediaStreamTrack) => tracks.push(t),
    removeTrack: (t: MediaStreamTrack) => tracks.splice(tracks.indexOf(t), 1),
  } as unknown as MediaStream;
}

export interface Party {
  calls: CallClient;
  clock: FakeClock;
  links: ReturnType<typeof scriptedLinks>;
  userId: number;
}

/** A client on the network with a fake clock and scripted links. */
export function party(
  network: ReturnType<typeof signalNetwork>,
  userId: number,
  options: Partial<CallClientOptions> = {},
  clock: FakeClock = createFakeClock(1_000_000),
  gathering: 'at-once' | 'held' = 'at-once',
): Party {
  const links = scriptedLinks(gathering);
  const calls = createCallClientWith(
    { carrier: network.join(userId), userId, iceServers: [], clock, ...options },
    links.create,
  );
  return { calls, clock, links, userId };
}
