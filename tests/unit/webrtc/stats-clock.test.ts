/** Stats reading (wire §20.8 "Stats") and the fake clock every call timer runs on in tests. */
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../src/webrtc';
import { readStats } from '../../../src/webrtc/media/stats';

const report = (sent: number, received: number) => [
  {
    id: 'o1',
    type: 'outbound-rtp',
    kind: 'video',
    bytesSent: sent,
    packetsSent: 10,
    framesPerSecond: 30,
    frameWidth: 640,
    frameHeight: 480,
  },
  { id: 'o2', type: 'outbound-rtp', kind: 'audio', bytesSent: 1000, packetsSent: 50 },
  {
    id: 'i1',
    type: 'inbound-rtp',
    kind: 'video',
    bytesReceived: received,
    packetsReceived: 9,
    packetsLost: 1,
    framesPerSecond: 24,
    frameWidth: 320,
    frameHeight: 240,
  },
  { id: 't', type: 'transport', selectedCandidatePairId: 'p' },
  { id: 'p', type: 'candidate-pair', localCandidateId: 'lc', remoteCandidateId: 'rc', state: 'succeeded' },
  {
    id: 'lc',
    type: 'local-candidate',
    candidateType: 'relay',
    protocol: 'udp',
    address: '10.0.0.1',
    port: 3478,
  },
  {
    id: 'rc',
    type: 'remote-candidate',
    candidateType: 'srflx',
    protocol: 'udp',
    ip: '192.0.2.7',
    port: 50000,
  },
];

describe('readStats', () => {
  it('reads figures per direction and kind, the selected pair, and bitrates from the previous sample', () => {
    const first = readStats(report(100_000, 50_000), 10_000, null);
    expect(first.stats.local.video).toEqual({
      bitrate: 0,
      bytes: 100_000,
      packets: 10,
      packetsLost: 0,
      framesPerSecond: 30,
      frameWidth: 640,
      frameHeight: 480,
    });
    expect(first.stats.remote.video).toMatchObject({
      bytes: 50_000,
      packetsLost: 1,
      framesPerSecond: 24,
      frameWidth: 320,
      frameHeight: 240,
    });
    expect(first.stats.local.candidate).toEqual({
      candidateType: 'relay',
      protocol: 'udp',
      ip: '10.0.0.1',
      port: 3478,
    });
    expect(first.stats.remote.candidate).toEqual({
      candidateType: 'srflx',
      protocol: 'udp',
      ip: '192.0.2.7',
      port: 50000,
    });
    const second = readStats(report(350_000, 100_000), 15_000, first.baseline);
    expect(second.stats.local.video.bitrate).toBe(400); // 250 000 bytes in 5 s = 400 kbit/s
    expect(second.stats.remote.video.bitrate).toBe(80);
    expect(second.stats.local.audio.bitrate).toBe(0);
  });
});

describe('fake clock', () => {
  it('runs timeouts and intervals in order as time advances, and clears them', () => {
    const clock = createFakeClock(100);
    const seen: string[] = [];
    const every = clock.setInterval(() => seen.push(`i${clock.now()}`), 5);
    clock.setTimeout(() => seen.push(`t${clock.now()}`), 7);
    const cleared = clock.setTimeout(() => seen.push('never'), 3);
    clock.clearTimeout(cleared);
    clock.advance(12);
    expect(seen).toEqual(['i105', 't107', 'i110']);
    clock.clearInterval(every);
    clock.advance(100);
    expect(seen).toHaveLength(3);
    expect(clock.now()).toBe(212);
    expect(clock.pending).toBe(0);
  });
});
