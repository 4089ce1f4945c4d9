/**
 * What the pre-call check measures (issue 13): the devices, the microphone's level, and which
 * ICE candidates the configured STUN/TURN servers give (docs/wire/hosted-chat.md §20.6).
 */
import { networkOf, type NetworkResult } from './pre-call-verdict';

export async function listDevices(): Promise<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((d) => d.kind === 'videoinput'),
    microphones: devices.filter((d) => d.kind === 'audioinput'),
  };
}

/** Calls back with the microphone's level (0–100) about ten times a second; returns the stop. */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  if (stream.getAudioTracks().length === 0) return () => undefined;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    const rms = Math.sqrt(sum / samples.length);
    // About -60 dBFS .. 0 dBFS onto 0..100.
    const db = 20 * Math.log10(Math.max(rms, 1e-6));
    onLevel(Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100))));
  }, 100);
  return () => {
    clearInterval(timer);
    void context.close();
  };
}

/** Gathers candidates against the servers until gathering completes or the time is up. */
export async function checkConnectivity(
  iceServers: RTCIceServer[],
  timeoutMs = 8_000,
): Promise<NetworkResult> {
  const pc = new RTCPeerConnection({ iceServers });
  const types = new Set<string>();
  try {
    pc.createDataChannel('check');
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      pc.onicecandidate = (e) => {
        if (e.candidate?.type) types.add(e.candidate.type);
        if (!e.candidate) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    await pc.setLocalDescription(await pc.createOffer());
    await done;
    return networkOf([...types]);
  } catch (error) {
    console.warn('Connectivity check', error);
    return 'failed';
  } finally {
    pc.close();
  }
}
