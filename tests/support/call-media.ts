/**
 * Media for call tests in Node (docs/calls.md "Browser and Node"): `@roamhq/wrtc` as the WebRTC
 * implementation, a moving test pattern from RTCVideoSource and a tone from RTCAudioSource, and
 * sinks that count what arrives.
 */
import wrtc from '@roamhq/wrtc';
import type { WebRtcImplementation } from '../../src/webrtc';

export const nodeWrtc = wrtc as unknown as WebRtcImplementation & { MediaStream: typeof MediaStream };

const { RTCVideoSource, RTCAudioSource, RTCVideoSink } = wrtc.nonstandard;

export interface FakeMedia {
  stream: MediaStream;
  audio: MediaStreamTrack;
  video: MediaStreamTrack | null;
  /** A second video track (e.g. a "screen"), fed by the same pump. */
  extraVideo(): MediaStreamTrack;
  stop(): void;
}

/** A stream with a tone and, unless `audioOnly`, a 160×120 moving pattern at ~30 fps. */
export function fakeMedia(options: { audioOnly?: boolean; noAudio?: boolean } = {}): FakeMedia {
  const width = 160;
  const height = 120;
  const videoSource = new RTCVideoSource();
  const audioSource = new RTCAudioSource();
  const tracks: MediaStreamTrack[] = [];
  const audio = audioSource.createTrack();
  if (!options.noAudio) tracks.push(audio);
  const video = options.audioOnly ? null : videoSource.createTrack();
  if (video) tracks.push(video);
  const frame = new Uint8Array(width * height * 1.5);
  let tick = 0;
  const videoTimer = setInterval(() => {
    frame.fill(16);
    frame.fill(235, (tick * 160) % (width * height), ((tick * 160) % (width * height)) + 160);
    tick++;
    videoSource.onFrame({ width, height, data: frame });
  }, 33);
  const samples = new Int16Array(480);
  let phase = 0;
  const audioTimer = setInterval(() => {
    for (let i = 0; i < samples.length; i++)
      samples[i] = Math.round(8000 * Math.sin((phase++ * 2 * Math.PI * 440) / 48_000));
    audioSource.onData({ samples, sampleRate: 48_000 });
  }, 10);
  const extra: MediaStreamTrack[] = [];
  return {
    stream: new nodeWrtc.MediaStream(tracks),
    audio,
    video,
    extraVideo() {
      const track = videoSource.createTrack();
      extra.push(track);
      return track;
    },
    stop() {
      clearInterval(videoTimer);
      clearInterval(audioTimer);
      for (const track of [...tracks, ...extra]) track.stop();
    },
  };
}

/** Counts decoded frames of a received video track. */
export function frameCounter(track: MediaStreamTrack): { readonly frames: number; stop(): void } {
  const sink = new RTCVideoSink(track);
  let frames = 0;
  sink.onframe = () => {
    frames++;
  };
  return {
    get frames() {
      return frames;
    },
    stop: () => sink.stop(),
  };
}
