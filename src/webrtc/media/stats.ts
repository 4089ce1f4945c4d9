/**
 * Call stats of wire §20.8 from an `RTCStatsReport`: per direction and kind the bitrate (kbit/s
 * since the previous sample), bytes, packets, packets lost, frame rate and resolution, and the
 * selected candidate pair's type, protocol, address and port, and its current round-trip time. Pure over the report's entries.
 */
import type { CallStats, CandidateStats, MediaStats } from '../types';

type Entry = Record<string, unknown> & { type: string; id: string };

/** Bytes seen at the previous sample, per direction and kind, to turn bytes into a bitrate. */
export interface StatsBaseline {
  at: number;
  bytes: Record<string, number>;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const optional = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function emptyMedia(): MediaStats {
  return { bitrate: 0, bytes: 0, packets: 0, packetsLost: 0 };
}

function candidate(entry: Entry | undefined): CandidateStats {
  if (!entry) return {};
  const out: CandidateStats = {};
  if (typeof entry.candidateType === 'string') out.candidateType = entry.candidateType;
  if (typeof entry.protocol === 'string') out.protocol = entry.protocol;
  const ip = entry.address ?? entry.ip;
  if (typeof ip === 'string') out.ip = ip;
  if (typeof entry.port === 'number') out.port = entry.port;
  return out;
}

export function readStats(
  report: Iterable<Entry>,
  now: number,
  previous: StatsBaseline | null,
): { stats: CallStats; baseline: StatsBaseline } {
  const entries = [...report];
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const stats: CallStats = {
    local: { audio: emptyMedia(), video: emptyMedia(), candidate: {} },
    remote: { audio: emptyMedia(), video: emptyMedia(), candidate: {} },
  };
  const baseline: StatsBaseline = { at: now, bytes: {} };
  const seconds = previous ? (now - previous.at) / 1000 : 0;
  for (const entry of entries) {
    const outbound = entry.type === 'outbound-rtp';
    if (!outbound && entry.type !== 'inbound-rtp') continue;
    const kind = (entry.kind ?? entry.mediaType) as string;
    if (kind !== 'audio' && kind !== 'video') continue;
    const side = outbound ? stats.local : stats.remote;
    const media = side[kind];
    const bytes = num(outbound ? entry.bytesSent : entry.bytesReceived);
    const key = `${outbound ? 'local' : 'remote'}.${kind}`;
    media.bytes += bytes;
    media.packets += num(outbound ? entry.packetsSent : entry.packetsReceived);
    media.packetsLost += num(entry.packetsLost);
    const fps = optional(entry.framesPerSecond);
    if (fps !== undefined) media.framesPerSecond = fps;
    const width = optional(entry.frameWidth);
    if (width !== undefined) media.frameWidth = width;
    const height = optional(entry.frameHeight);
    if (height !== undefined) media.frameHeight = height;
    baseline.bytes[key] = media.bytes;
  }
  for (const [key, bytes] of Object.entries(baseline.bytes)) {
    const [side, kind] = key.split('.') as ['local' | 'remote', 'audio' | 'video'];
    const before = previous?.bytes[key];
    stats[side][kind].bitrate =
      seconds > 0 && before !== undefined
        ? Math.max(0, Math.round(((bytes - before) * 8) / 1000 / seconds))
        : 0;
  }
  const transport = entries.find((entry) => entry.type === 'transport' && entry.selectedCandidatePairId);
  const pair =
    (transport && byId.get(transport.selectedCandidatePairId as string)) ??
    entries.find(
      (entry) =>
        entry.type === 'candidate-pair' &&
        (entry.selected === true || entry.nominated === true) &&
        entry.state === 'succeeded',
    );
  if (pair) {
    stats.local.candidate = candidate(byId.get(pair.localCandidateId as string));
    stats.remote.candidate = candidate(byId.get(pair.remoteCandidateId as string));
    const rtt = optional(pair.currentRoundTripTime);
    if (rtt !== undefined && rtt >= 0) stats.roundTripMs = Math.round(rtt * 1000);
  }
  return { stats, baseline };
}

/** The entries of an `RTCStatsReport` (a maplike of the browser or of wrtc). */
export function reportEntries(report: RTCStatsReport): Entry[] {
  const out: Entry[] = [];
  report.forEach((value) => out.push(value as Entry));
  return out;
}
