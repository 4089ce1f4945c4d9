/**
 * The benchmark's call page in Chromium (scripts/bench/sections/calls.ts): our built call client
 * (`src/webrtc/browser` over `src/xmpp`), and the floor — a bare RTCPeerConnection whose
 * signalling the benchmark passes by hand. Both time accept (answer applied) → first decoded
 * remote video frame, read with MediaStreamTrackProcessor.
 */
import { CallType, createCallClient, type CallClient } from '../../../src/webrtc/browser';
import { createChatClient, moduleCarrier, type ChatClient } from '../../../src/xmpp';

declare class MediaStreamTrackProcessor {
  constructor(init: { track: MediaStreamTrack });
  readonly readable: ReadableStream<{ close(): void }>;
}

declare global {
  interface Window {
    callBench: typeof callBench;
    /** Exposed by the benchmark: a local candidate of the floor's peer connection. */
    floorCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  }
}

let chat: ChatClient | null = null;
let calls: CallClient | null = null;
let media: MediaStream | null = null;
let floor: RTCPeerConnection | null = null;
let floorFrame: Promise<number> | null = null;

/** performance.now() of the first decoded frame of a video track. */
async function firstFrame(track: MediaStreamTrack): Promise<number> {
  const reader = new MediaStreamTrackProcessor({ track }).readable.getReader();
  const { value } = await reader.read();
  const at = performance.now();
  value?.close();
  void reader.cancel();
  return at;
}

async function localMedia(): Promise<MediaStream> {
  media ??= await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 480 } });
  return media;
}

const callBench = {
  async connect(options: {
    service: string;
    domain: string;
    appId: number;
    userId: number;
    password: string;
  }) {
    await localMedia();
    chat = createChatClient({ service: options.service, domain: options.domain, appId: options.appId });
    await chat.connect({ userId: options.userId, password: options.password });
    calls = createCallClient({ carrier: moduleCarrier(chat), userId: options.userId, iceServers: [] });
  },

  /** One call through our client; `holdMs` keeps it up after the first frame. */
  async call(memberId: number, holdMs = 0): Promise<{ acceptToFrameMs: number; dialToFrameMs: number }> {
    const session = calls!.createSession([memberId], CallType.VIDEO);
    // The moment the accept signal arrives, before our client has done anything with it.
    let acceptedAt = 0;
    const off = calls!.on('signal', (s) => {
      if (s.direction === 'in' && s.signalType === 'accept' && s.sessionId === session.id) {
        acceptedAt = performance.now();
        off();
      }
    });
    const frame = new Promise<number>((resolve, reject) => {
      session.on('remoteStream', ({ stream }) => {
        const track = stream.getVideoTracks()[0];
        if (track) firstFrame(track).then(resolve, reject);
      });
      session.on('sessionClose', () => reject(new Error('The call closed before a frame arrived')));
    });
    const dialled = performance.now();
    await session.call(await localMedia());
    const frameAt = await frame;
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    const closed = new Promise((resolve) => session.on('sessionClose', resolve));
    session.stop();
    await closed;
    return { acceptToFrameMs: frameAt - acceptedAt, dialToFrameMs: frameAt - dialled };
  },

  /** Floor, step 1: a bare peer connection's offer; local candidates go to `floorCandidate`. */
  async floorOffer(): Promise<string> {
    floor?.close();
    const pc = new RTCPeerConnection({ iceServers: [] });
    floor = pc;
    const stream = await localMedia();
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    floorFrame = new Promise((resolve, reject) => {
      pc.ontrack = (event) => {
        if (event.track.kind === 'video') firstFrame(event.track).then(resolve, reject);
      };
    });
    pc.onicecandidate = (event) => {
      if (event.candidate) void window.floorCandidate(event.candidate.toJSON());
    };
    await pc.setLocalDescription(await pc.createOffer());
    return pc.localDescription!.sdp;
  },

  /** Floor, step 2: the answer arrives (the "accept"); resolves with the time to the first frame. */
  async floorAnswer(sdp: string): Promise<number> {
    const answeredAt = performance.now();
    await floor!.setRemoteDescription({ type: 'answer', sdp });
    return (await floorFrame!) - answeredAt;
  },

  /** A candidate of the bare peer; one that comes after the call has closed is moot. */
  async floorCandidate(candidate: RTCIceCandidateInit) {
    await floor?.addIceCandidate(candidate);
  },

  floorClose() {
    floor?.close();
    floor = null;
  },
};

window.callBench = callBench;
