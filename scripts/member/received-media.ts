/**
 * What the simulated member receives in a call: decoded video frames counted through
 * `@roamhq/wrtc`'s nonstandard RTCVideoSink, and the audio level (RMS in dBFS) through
 * RTCAudioSink, reported every `reportMs` so a person at one terminal sees media arrive.
 */
import wrtc from '@roamhq/wrtc';

export interface ReceivedMedia {
  readonly videoFrames: number;
  /** performance.now() of the first decoded frame, or null. */
  readonly firstFrameAt: number | null;
  readonly audioFrames: number;
  /** RMS of the last 10 ms audio frame, dBFS; -Infinity for silence. */
  readonly audioLevelDb: number;
  /** Resolves at the first decoded video frame. */
  readonly firstFrame: Promise<number>;
  stop(): void;
}

interface FrameEvent {
  frame: { width: number; height: number };
}
interface AudioEvent {
  samples: Int16Array;
}

/** RMS level of 16-bit samples in dBFS. */
function dbfs(sumSquares: number, samples: number): number {
  return samples > 0 && sumSquares > 0 ? 20 * Math.log10(Math.sqrt(sumSquares / samples) / 32768) : -Infinity;
}

export function watchReceivedMedia(
  stream: MediaStream,
  report: (line: string) => void,
  reportMs = 2000,
): ReceivedMedia {
  const { RTCAudioSink, RTCVideoSink } = wrtc.nonstandard;
  const sinks: Array<{ stop(): void }> = [];
  let videoFrames = 0;
  let audioFrames = 0;
  let firstFrameAt: number | null = null;
  let size = '';
  let sumSquares = 0;
  let samples = 0;
  let audioLevelDb = -Infinity;
  let framesAtLastReport = 0;
  let resolveFirst: (at: number) => void = () => undefined;
  const firstFrame = new Promise<number>((resolve) => (resolveFirst = resolve));

  for (const track of stream.getVideoTracks()) {
    const sink = new RTCVideoSink(track);
    sink.addEventListener('frame', (event) => {
      const { frame } = event as unknown as FrameEvent;
      videoFrames++;
      size = `${frame.width}×${frame.height}`;
      if (firstFrameAt === null) {
        firstFrameAt = performance.now();
        resolveFirst(firstFrameAt);
      }
    });
    sinks.push(sink);
  }
  for (const track of stream.getAudioTracks()) {
    const sink = new RTCAudioSink(track);
    sink.addEventListener('data', (event) => {
      const data = (event as unknown as AudioEvent).samples;
      audioFrames++;
      let frameSquares = 0;
      for (const s of data) frameSquares += s * s;
      audioLevelDb = dbfs(frameSquares, data.length);
      sumSquares += frameSquares;
      samples += data.length;
    });
    sinks.push(sink);
  }

  const timer = setInterval(() => {
    const periodDb = dbfs(sumSquares, samples);
    sumSquares = 0;
    samples = 0;
    const fps = ((videoFrames - framesAtLastReport) * 1000) / reportMs;
    framesAtLastReport = videoFrames;
    report(
      `received: ${videoFrames} video frames${size ? ` (${size}, ${fps.toFixed(1)} fps)` : ''}, audio level ${Number.isFinite(periodDb) ? `${periodDb.toFixed(1)} dBFS` : 'silent'} (${audioFrames} audio frames)`,
    );
  }, reportMs);

  return {
    get videoFrames() {
      return videoFrames;
    },
    get firstFrameAt() {
      return firstFrameAt;
    },
    get audioFrames() {
      return audioFrames;
    },
    get audioLevelDb() {
      return audioLevelDb;
    },
    firstFrame,
    stop() {
      clearInterval(timer);
      for (const sink of sinks) sink.stop();
    },
  };
}
