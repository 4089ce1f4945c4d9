/**
 * What the simulated member sends in a call (issue 13 "A member who answers"): a moving test
 * pattern (I420 frames through `@roamhq/wrtc`'s nonstandard RTCVideoSource) and a 440 Hz tone
 * (10 ms frames of 16-bit mono at 48 kHz through RTCAudioSource). Media needs an audio track
 * (docs/wire/hosted-chat.md §20.8, spec §5), so an audio call gets the tone alone.
 */
import wrtc from '@roamhq/wrtc';

export const VIDEO_WIDTH = 320;
export const VIDEO_HEIGHT = 240;
/** The test pattern's frame rate unless asked otherwise (`--video-fps`). */
export const VIDEO_FPS = 15;
export const MAX_VIDEO_FPS = 120;
export const TONE_HZ = 440;
const SAMPLE_RATE = 48_000;
const AUDIO_FRAME_MS = 10;

export interface SyntheticMedia {
  stream: MediaStream;
  stop(): void;
}

/**
 * One I420 frame of the pattern at tick `n`: grey ramps whose shade drifts, a white bar sweeping
 * left to right once every 30 frames (two seconds at 15 fps), and chroma that turns, so motion is
 * plain to see.
 */
export function testPatternFrame(
  n: number,
  frame: Uint8Array,
  width = VIDEO_WIDTH,
  height = VIDEO_HEIGHT,
): void {
  const lumaSize = width * height;
  const chromaSize = lumaSize / 4;
  const barX = Math.floor(((n % (VIDEO_FPS * 2)) / (VIDEO_FPS * 2)) * width);
  const barWidth = Math.max(8, width >> 4);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const inBar = x >= barX && x < barX + barWidth;
      frame[row + x] = inBar ? 235 : 16 + ((x + y + n * 2) & 0x7f);
    }
  }
  const u = 128 + Math.round(80 * Math.sin(n / 20));
  const v = 128 + Math.round(80 * Math.cos(n / 20));
  frame.fill(u, lumaSize, lumaSize + chromaSize);
  frame.fill(v, lumaSize + chromaSize, lumaSize + 2 * chromaSize);
}

/**
 * Starts the tone, and the test pattern unless `audioOnly`, at `videoFps` frames a second; its
 * first frame comes one frame's time after the start, as each one after it.
 */
export function startSyntheticMedia(
  options: { audioOnly?: boolean; videoFps?: number } = {},
): SyntheticMedia {
  const { RTCAudioSource, RTCVideoSource } = wrtc.nonstandard;
  const tracks: MediaStreamTrack[] = [];
  const timers: NodeJS.Timeout[] = [];

  const audio = new RTCAudioSource();
  tracks.push(audio.createTrack());
  const samplesPerFrame = (SAMPLE_RATE * AUDIO_FRAME_MS) / 1000;
  let sampleIndex = 0;
  const started = performance.now();
  let framesSent = 0;
  // Catch up on timer drift: send as many 10 ms frames as the clock says are due.
  timers.push(
    setInterval(() => {
      const due = Math.floor((performance.now() - started) / AUDIO_FRAME_MS);
      for (; framesSent < due; framesSent++) {
        const samples = new Int16Array(samplesPerFrame);
        for (let i = 0; i < samplesPerFrame; i++, sampleIndex++) {
          samples[i] = Math.round(
            0.25 * 32767 * Math.sin((2 * Math.PI * TONE_HZ * sampleIndex) / SAMPLE_RATE),
          );
        }
        audio.onData({ samples, sampleRate: SAMPLE_RATE, bitsPerSample: 16, channelCount: 1 });
      }
    }, AUDIO_FRAME_MS),
  );

  if (!options.audioOnly) {
    const video = new RTCVideoSource();
    tracks.push(video.createTrack());
    const data = new Uint8Array(VIDEO_WIDTH * VIDEO_HEIGHT * 1.5);
    let n = 0;
    timers.push(
      setInterval(
        () => {
          testPatternFrame(n++, data);
          video.onFrame({ width: VIDEO_WIDTH, height: VIDEO_HEIGHT, data });
        },
        1000 / (options.videoFps ?? VIDEO_FPS),
      ),
    );
  }

  return {
    stream: new wrtc.MediaStream(tracks) as unknown as MediaStream,
    stop() {
      for (const timer of timers) clearInterval(timer);
      for (const track of tracks) track.stop();
    },
  };
}
