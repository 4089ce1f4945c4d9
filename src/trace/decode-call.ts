/**
 * Call signals (docs/wire/hosted-chat.md §20.1, §20.2): a `WebRTCVideoChat` headline's
 * `extraParams` decoded into its fields, with the SDP summarised (media, codecs, candidates).
 */
import type { XmlElement } from '../xmpp';

export const CALL_MODULE = 'WebRTCVideoChat';

export interface CandidateSummary {
  protocol: string;
  address: string;
  port: string;
  type: string;
}

export interface SdpSummary {
  media: Array<{ kind: string; codecs: string[] }>;
  candidates: CandidateSummary[];
  iceRestart: boolean;
}

export interface CallSignal {
  signalType: string;
  sessionID: string;
  /** §20.1: 1 = video, 2 = audio. */
  callType: 'video' | 'audio' | string;
  callerID: string;
  opponentsIDs: number[];
  sdp?: SdpSummary;
  iceCandidates?: CandidateSummary[];
  reason?: string;
  userInfo?: Record<string, string>;
}

/** `a=candidate:` / `candidate:` → protocol, address, port, type (RFC 8839 §5.1). */
export function parseCandidate(line: string): CandidateSummary | null {
  const match = /candidate:\S+ \d+ (\S+) \d+ (\S+) (\d+) typ (\S+)/.exec(line);
  if (!match) return null;
  return { protocol: match[1]!.toLowerCase(), address: match[2]!, port: match[3]!, type: match[4]! };
}

export function summariseSdp(sdp: string): SdpSummary {
  const media: SdpSummary['media'] = [];
  const candidates: CandidateSummary[] = [];
  let iceRestart = false;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) media.push({ kind: line.slice(2).split(' ')[0]!, codecs: [] });
    else if (line.startsWith('a=rtpmap:')) {
      const codec = line.split(' ')[1]?.split('/')[0];
      const current = media[media.length - 1];
      if (codec && current && !current.codecs.includes(codec)) current.codecs.push(codec);
    } else if (line.startsWith('a=candidate:')) {
      const candidate = parseCandidate(line);
      if (candidate) candidates.push(candidate);
    } else if (line.startsWith('a=ice-options:') && line.includes('ice2')) iceRestart = true;
  }
  return { media, candidates, iceRestart };
}

function fields(element: XmlElement | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const child of element?.elements() ?? []) out[child.name] = child.text();
  return out;
}

/** The signal in a message's `extraParams`, or null when it is no call signal. */
export function decodeCallSignal(extraParams: XmlElement): CallSignal | null {
  if (extraParams.childText('moduleIdentifier') !== CALL_MODULE) return null;
  const callType = extraParams.childText('callType') ?? '';
  const signal: CallSignal = {
    signalType: extraParams.childText('signalType') ?? '',
    sessionID: extraParams.childText('sessionID') ?? '',
    callType: callType === '1' ? 'video' : callType === '2' ? 'audio' : callType,
    callerID: extraParams.childText('callerID') ?? '',
    opponentsIDs: (extraParams.child('opponentsIDs')?.elements() ?? []).map((id) => Number(id.text())),
  };
  const sdp = extraParams.childText('sdp') ?? extraParams.child('sessionDescription')?.childText('sdp');
  if (sdp) signal.sdp = summariseSdp(sdp);
  const candidates = extraParams.child('iceCandidates');
  if (candidates) {
    signal.iceCandidates = candidates
      .elements()
      .map((item) => parseCandidate(item.childText('candidate') ?? ''))
      .filter((c): c is CandidateSummary => c !== null);
  }
  const reason = extraParams.childText('reason');
  if (reason) signal.reason = reason;
  const userInfo = fields(extraParams.child('userInfo'));
  if (Object.keys(userInfo).length > 0) signal.userInfo = userInfo;
  return signal;
}

/** One line: `call audio · session 1f… · opus, VP8 · 3 candidates`. */
export function describeCallSignal(signal: CallSignal): string {
  const parts = [`${signal.signalType} ${signal.callType}`, `session ${signal.sessionID}`];
  if (signal.sdp) {
    const codecs = signal.sdp.media.map((m) => `${m.kind}: ${m.codecs.slice(0, 3).join(', ')}`);
    parts.push(...codecs, `${signal.sdp.candidates.length} candidates in SDP`);
  }
  if (signal.iceCandidates)
    parts.push(signal.iceCandidates.map((c) => `${c.type} ${c.protocol} ${c.address}:${c.port}`).join('; '));
  if (signal.reason) parts.push(`reason ${signal.reason}`);
  return parts.join(' · ');
}
