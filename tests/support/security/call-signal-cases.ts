/**
 * Call signals a stranger sends to someone in a live call (docs/calls.md "Who may ring"): every
 * signal type and some that are none, the live session's id or others, a caller that is the
 * sender, the callee, the other party or nobody, opponents with and without the callee and with
 * extra ones, SDP, candidates and user info that are plausible or hostile.
 */
import fc from 'fast-check';
import { extraList, type ExtraParamInput, type ExtraParamsInput } from '../../../src/xmpp';
import { hostileValue } from './arbitraries';

export interface CallParties {
  stranger: number;
  callee: number;
  caller: number;
  liveSession: string;
}

export interface CallSignalCase {
  kind: string;
  extension: ExtraParamsInput;
  /** A ring from the stranger as herself to the callee, which a busy callee refuses. */
  ownRing: boolean;
}

const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

/**
 * Text XML 1.0 can carry: the stanza fuzzer sends characters it cannot (Prosody closes such a
 * stream), this one is about what the signals say.
 */
const NOT_XML = new RegExp(
  // The characters XML cannot carry are what this matches.
  // eslint-disable-next-line no-control-regex
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  'g',
);
const xmlText = (text: string) => text.replace(NOT_XML, '');

/** A hostile value as an extension can carry it (text, a number or nested fields). */
const odd: fc.Arbitrary<ExtraParamInput> = hostileValue.map((v) => {
  if (v === null || v === undefined) return v;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return xmlText((typeof v === 'string' ? v : JSON.stringify(v)).slice(0, 2000));
});

const elementName = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'.split('')),
    fc.string({
      maxLength: 10,
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-.'.split('')),
    }),
  )
  .map(([first, rest]) => first + rest)
  .filter((name) => !name.toLowerCase().startsWith('xml'));

export function callSignalCase(p: CallParties): fc.Arbitrary<CallSignalCase> {
  const someone = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(p.stranger, p.callee, p.caller) },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 2 ** 31 }) },
  );
  return fc
    .record({
      signalType: fc.oneof(
        {
          weight: 8,
          arbitrary: fc.constantFrom('call', 'accept', 'reject', 'hangUp', 'iceCandidates', 'update'),
        },
        { weight: 1, arbitrary: fc.constantFrom('', 'CALL', 'bogus', 'call ') },
      ),
      sessionID: fc.oneof(
        { weight: 5, arbitrary: fc.constant(p.liveSession) },
        { weight: 3, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom('', ' ', p.liveSession.toUpperCase()) },
        { weight: 1, arbitrary: odd },
      ),
      callerID: fc.oneof({ weight: 6, arbitrary: someone }, { weight: 1, arbitrary: odd }),
      opponents: fc.oneof(
        { weight: 6, arbitrary: fc.array(someone, { maxLength: 5 }) },
        { weight: 1, arbitrary: fc.array(odd, { maxLength: 3 }) },
      ),
      callType: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(1, 2) }, { weight: 1, arbitrary: odd }),
      sdp: fc.option(fc.oneof({ weight: 3, arbitrary: fc.constant(OFFER) }, { weight: 1, arbitrary: odd }), {
        nil: undefined,
      }),
      candidates: fc.option(
        fc.array(
          fc.record({
            candidate: fc.oneof(
              fc.constant('candidate:1 1 udp 2122260223 203.0.113.9 50000 typ host'),
              fc.string({ maxLength: 80 }).map(xmlText),
            ),
            sdpMid: fc.oneof(fc.constant('0'), fc.string({ maxLength: 4 }).map(xmlText)),
            sdpMLineIndex: fc.oneof(
              fc.integer({ min: -1, max: 5 }),
              fc.string({ maxLength: 3 }).map(xmlText),
            ),
          }),
          { maxLength: 3 },
        ),
        { nil: undefined },
      ),
      reason: fc.option(fc.oneof(fc.constant('reconnect'), fc.string({ maxLength: 12 }).map(xmlText)), {
        nil: undefined,
      }),
      // Keys are element names (our encoder sends nothing else); their values are anything.
      userInfo: fc.option(fc.dictionary(elementName, odd, { maxKeys: 3 }), {
        nil: undefined,
      }),
    })
    .map((c) => {
      const extension: ExtraParamsInput = {
        signalType: c.signalType,
        sessionID: c.sessionID,
        callType: c.callType,
        callerID: c.callerID,
        opponentsIDs: extraList('opponentID', c.opponents),
        sdp: c.sdp,
        platform: 'web',
        ...(c.candidates
          ? {
              iceCandidates: extraList(
                'iceCandidate',
                c.candidates.map((k) => ({ ...k }) as ExtraParamsInput),
              ),
            }
          : {}),
        ...(c.reason === undefined ? {} : { reason: c.reason }),
        ...(c.userInfo ? { userInfo: c.userInfo as ExtraParamsInput } : {}),
      };
      const ownRing = c.signalType === 'call' && c.callerID === p.stranger && c.opponents.includes(p.callee);
      const who = (id: unknown) =>
        id === p.stranger ? 'stranger' : id === p.callee ? 'callee' : id === p.caller ? 'caller' : 'other';
      return {
        kind: `${c.signalType || '(none)'} ${c.sessionID === p.liveSession ? 'live' : 'other'} session, caller ${who(c.callerID)}, ${c.opponents.length} opponents`,
        extension,
        ownRing,
      };
    });
}
