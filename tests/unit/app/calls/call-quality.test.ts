/** The network-quality indicator's classification (call-quality.ts, issue 26): pure. */
import { describe, expect, it } from 'vitest';
import { classifyQuality, lossBetween, sampleOf } from '../../../../src/app/features/calls/call-quality';
import type { CallStats } from '../../../../src/webrtc';

const media = (packets: number, packetsLost: number) => ({ bitrate: 0, bytes: 0, packets, packetsLost });

function stats(audio: [number, number], video: [number, number], roundTripMs?: number): CallStats {
  return {
    local: { audio: media(0, 0), video: media(0, 0), candidate: {} },
    remote: { audio: media(...audio), video: media(...video), candidate: {} },
    ...(roundTripMs === undefined ? {} : { roundTripMs }),
  };
}

describe('classifyQuality', () => {
  it('good below 250 ms and 2 % loss', () => {
    expect(classifyQuality(40, 0)).toBe('good');
    expect(classifyQuality(249, 0.019)).toBe('good');
  });
  it('fair from 250 ms or 2 % loss', () => {
    expect(classifyQuality(250, 0)).toBe('fair');
    expect(classifyQuality(40, 0.02)).toBe('fair');
    expect(classifyQuality(499, 0.079)).toBe('fair');
  });
  it('poor from 500 ms or 8 % loss', () => {
    expect(classifyQuality(500, 0)).toBe('poor');
    expect(classifyQuality(20, 0.08)).toBe('poor');
    expect(classifyQuality(900, 0.5)).toBe('poor');
  });
  it('one figure is enough; none says nothing', () => {
    expect(classifyQuality(null, 0.1)).toBe('poor');
    expect(classifyQuality(300, null)).toBe('fair');
    expect(classifyQuality(null, null)).toBeNull();
  });
});

describe('lossBetween', () => {
  it('is the share of packets lost since the previous sample, audio and video together', () => {
    const first = sampleOf(stats([100, 0], [900, 0], 30));
    const second = sampleOf(stats([190, 5], [1_800, 5], 30));
    expect(first).toEqual({ roundTripMs: 30, received: 1_000, lost: 0 });
    expect(lossBetween(first, second)).toBeCloseTo(10 / (990 + 10));
  });
  it('counts from zero on the first sample and after a counter reset (an ICE restart)', () => {
    expect(lossBetween(null, { roundTripMs: null, received: 90, lost: 10 })).toBeCloseTo(0.1);
    const before = { roundTripMs: null, received: 5_000, lost: 40 };
    expect(lossBetween(before, { roundTripMs: null, received: 95, lost: 5 })).toBeCloseTo(0.05);
  });
  it('is null when no packet was expected', () => {
    const same = { roundTripMs: 20, received: 10, lost: 0 };
    expect(lossBetween(same, same)).toBeNull();
    expect(sampleOf(stats([0, 0], [0, 0])).roundTripMs).toBeNull();
  });
});
