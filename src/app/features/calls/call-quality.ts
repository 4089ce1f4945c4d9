/**
 * The call's network quality (issue 26, docs/calls.md "Call screens"): good, fair or poor, from the
 * stats the call client samples every 5 s (src/webrtc `stats` event, wire §20.8): the selected
 * candidate pair's round-trip time and the share of incoming packets lost since the previous
 * sample. Pure.
 */
import type { CallStats } from '../../../webrtc/browser';

export type NetworkQuality = 'good' | 'fair' | 'poor';

/** A sample's figures that matter here: round trip (ms, null when unknown) and the packets counted so far. */
export interface QualitySample {
  roundTripMs: number | null;
  received: number;
  lost: number;
}

/**
 * Thresholds: below 250 ms and 2 % loss a conversation flows; from 500 ms or 8 % loss speech
 * breaks up and video freezes (ITU-T G.114 puts the end of acceptable one-way delay at 400 ms).
 */
export const QUALITY_LIMITS = {
  fair: { roundTripMs: 250, loss: 0.02 },
  poor: { roundTripMs: 500, loss: 0.08 },
} as const;

/** What the classification needs from one stats sample: the incoming audio and video together. */
export function sampleOf(stats: CallStats): QualitySample {
  const { audio, video } = stats.remote;
  return {
    roundTripMs: stats.roundTripMs ?? null,
    received: audio.packets + video.packets,
    lost: audio.packetsLost + video.packetsLost,
  };
}

/** Lost packets as a share of those expected between two samples (counters only grow; a reset counts from zero). */
export function lossBetween(previous: QualitySample | null, next: QualitySample): number | null {
  const reset = previous !== null && (next.received < previous.received || next.lost < previous.lost);
  const received = next.received - (previous && !reset ? previous.received : 0);
  const lost = Math.max(0, next.lost - (previous && !reset ? previous.lost : 0));
  const expected = received + lost;
  return expected > 0 ? lost / expected : null;
}

/** Good, fair or poor; null when the sample says nothing (no round trip and no packets yet). */
export function classifyQuality(roundTripMs: number | null, loss: number | null): NetworkQuality | null {
  if (roundTripMs === null && loss === null) return null;
  const rtt = roundTripMs ?? 0;
  const lost = loss ?? 0;
  if (rtt >= QUALITY_LIMITS.poor.roundTripMs || lost >= QUALITY_LIMITS.poor.loss) return 'poor';
  if (rtt >= QUALITY_LIMITS.fair.roundTripMs || lost >= QUALITY_LIMITS.fair.loss) return 'fair';
  return 'good';
}
