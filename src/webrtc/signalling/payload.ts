/**
 * Call signal payloads, docs/wire/hosted-chat.md §20.1–§20.2: what each signal type carries inside
 * `<extraParams/>` and how a received one reads. Sending: `signalType` first, then the session
 * keys in the order of the §20.1 example, `platform=web`, and `userInfo` (left out when empty; a
 * null becomes "" as `_prepareExtension` does). Receiving: `opponentsIDs` as numbers,
 * `iceCandidates` as lists of strings, `userInfo` always an object, everything else strings.
 * Pure functions.
 */
import {
  decodeList,
  decodeValue,
  extraList,
  type ExtraParamInput,
  type ExtraParamsInput,
  type ExtraParamValue,
  type XmlElement,
} from '../../xmpp';
import { SignalType, type CallType } from '../constants';
import type { ReceivedUserInfo, UserInfo } from '../types';

/** A candidate as it travels: every field a string on receipt (wire §20.1). */
export interface IceCandidateInit {
  candidate: string;
  sdpMid: string | null;
  sdpMLineIndex: number | string | null;
}

/** The reconnect description of an `update` (wire §20.7). */
export interface SessionDescriptionPayload {
  offerId: string;
  sdp: string;
  type: 'offer' | 'answer';
}

/** One call signal, sent or received. */
export interface Signal {
  signalType: SignalType;
  sessionId: string;
  callType: CallType;
  callerId: number;
  opponentIds: number[];
  /** Offer (call) or answer (accept). */
  sdp?: string;
  /** Wrapped user map of call/accept/reject/hangUp; on `update`, the top-level extra keys. */
  userInfo?: UserInfo | ReceivedUserInfo;
  iceCandidates?: IceCandidateInit[];
  /** `update` only: `reconnect` for an ICE restart. */
  reason?: string;
  sessionDescription?: SessionDescriptionPayload;
}

const SIGNAL_TYPES = new Set<string>(Object.values(SignalType));
/** Keys every signal has; anything else in an `update` is the caller's (wire §20.2). */
const SESSION_KEYS = new Set([
  'signalType',
  'sessionID',
  'callType',
  'callerID',
  'opponentsIDs',
  'sdp',
  'platform',
  'userInfo',
  'iceCandidates',
  'reason',
  'sessionDescription',
  'moduleIdentifier',
]);

function prepareUserInfo(userInfo: UserInfo | ReceivedUserInfo | undefined): ExtraParamsInput | null {
  if (!userInfo || typeof userInfo !== 'object') return null;
  const out: ExtraParamsInput = {};
  for (const [key, value] of Object.entries(userInfo)) {
    if (value === undefined) continue;
    out[key] =
      value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : (value as ExtraParamInput);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The `<extraParams/>` content of a signal (the carrier adds `moduleIdentifier`). */
export function encodeSignal(signal: Signal): ExtraParamsInput {
  const out: ExtraParamsInput = {
    signalType: signal.signalType,
    sessionID: signal.sessionId,
    callType: signal.callType,
    callerID: signal.callerId,
    opponentsIDs: extraList('opponentID', signal.opponentIds),
  };
  if (signal.sdp !== undefined) out.sdp = signal.sdp;
  if (signal.iceCandidates) {
    out.iceCandidates = extraList(
      'iceCandidate',
      signal.iceCandidates.map((c) => ({
        candidate: c.candidate,
        sdpMid: c.sdpMid ?? '',
        sdpMLineIndex: c.sdpMLineIndex ?? '',
      })),
    );
  }
  out.platform = 'web';
  const userInfo = prepareUserInfo(signal.userInfo);
  if (signal.signalType === SignalType.PARAMETERS_CHANGED) {
    // update: the caller's keys at the top level, not wrapped (wire §20.2).
    if (signal.reason !== undefined) out.reason = signal.reason;
    if (signal.sessionDescription) out.sessionDescription = { ...signal.sessionDescription };
    for (const [key, value] of Object.entries(userInfo ?? {})) if (!SESSION_KEYS.has(key)) out[key] = value;
  } else if (userInfo) {
    out.userInfo = userInfo;
  }
  return out;
}

function asObject(value: ExtraParamValue | undefined): Record<string, ExtraParamValue> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function asText(value: ExtraParamValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Reads a received `<extraParams/>` as a signal, or null when it is not a call signal (no known
 * `signalType` or no `sessionID`).
 */
export function decodeSignal(extraParams: XmlElement): Signal | null {
  const signalType = extraParams.childText('signalType') ?? '';
  const sessionId = extraParams.childText('sessionID') ?? '';
  if (!SIGNAL_TYPES.has(signalType) || sessionId === '') return null;
  const top: Record<string, ExtraParamValue> = {};
  for (const child of extraParams.elements()) {
    if (child.name !== 'opponentsIDs' && child.name !== 'iceCandidates') top[child.name] = decodeValue(child);
  }
  const signal: Signal = {
    signalType: signalType as SignalType,
    sessionId,
    callType: Number.parseInt(asText(top.callType), 10) as CallType,
    callerId: Number.parseInt(asText(top.callerID), 10),
    opponentIds: decodeList(extraParams.child('opponentsIDs'), 'opponentID')
      .map((id) => Number.parseInt(asText(id), 10))
      .filter(Number.isFinite),
    userInfo: asObject(top.userInfo),
  };
  if (top.sdp !== undefined) signal.sdp = asText(top.sdp);
  const candidates = extraParams.child('iceCandidates');
  if (candidates) {
    signal.iceCandidates = decodeList(candidates, 'iceCandidate').map((item) => {
      const c = asObject(item);
      return {
        candidate: asText(c.candidate),
        sdpMid: asText(c.sdpMid),
        sdpMLineIndex: asText(c.sdpMLineIndex),
      };
    });
  }
  if (signalType === SignalType.PARAMETERS_CHANGED) {
    if (top.reason !== undefined) signal.reason = asText(top.reason);
    const description = asObject(top.sessionDescription);
    if (top.sessionDescription !== undefined) {
      signal.sessionDescription = {
        offerId: asText(description.offerId),
        sdp: asText(description.sdp),
        type: asText(description.type) === 'answer' ? 'answer' : 'offer',
      };
    }
    // wire §20.5: `onUpdateCallListener(session, userId, extension.userInfo || {})`; the SDK sends
    // the caller's keys at the top level, so both are offered here.
    const extra: ReceivedUserInfo = { ...asObject(top.userInfo) };
    for (const [key, value] of Object.entries(top)) if (!SESSION_KEYS.has(key)) extra[key] = value;
    signal.userInfo = extra;
  }
  return signal;
}
