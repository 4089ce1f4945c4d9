/**
 * Call signals as a hostile peer sends them (docs/calls.md "Who may ring"): raw `WebRTCVideoChat`
 * headlines in the vendor's format (docs/wire/hosted-chat.md §20.1) from an @xmpp/client peer, with
 * whatever caller, opponents and session it claims.
 */
import { randomUUID } from 'node:crypto';
import { jidOf, type Peer } from './chat-harness';
import type { StackInfo } from './stack';

export const CALL_MODULE = 'WebRTCVideoChat';

export interface RawSignal {
  signalType: string;
  sessionID: string;
  callerID: number | string;
  opponentsIDs: Array<number | string>;
  callType?: string;
  sdp?: string;
  /** Extra fields of the extension, e.g. `iceCandidates` or `reason`. */
  extra?: Record<string, string>;
}

/** A made-up offer: enough to be read as one, never to connect. */
export const FAKE_OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

/** Sends `signal` from `from` to the chat user `to`; answers the stanza id. */
export async function rawSignal(
  stack: StackInfo,
  from: Peer,
  to: number,
  signal: RawSignal,
): Promise<string> {
  const { xml } = await import('@xmpp/client');
  const fields = [
    xml('moduleIdentifier', {}, CALL_MODULE),
    xml('signalType', {}, signal.signalType),
    xml('sessionID', {}, signal.sessionID),
    xml('callType', {}, signal.callType ?? '1'),
    xml('callerID', {}, String(signal.callerID)),
    xml('opponentsIDs', {}, ...signal.opponentsIDs.map((id) => xml('opponentID', {}, String(id)))),
    ...(signal.sdp === undefined ? [] : [xml('sdp', {}, signal.sdp)]),
    ...Object.entries(signal.extra ?? {}).map(([name, value]) => xml(name, {}, value)),
    xml('platform', {}, 'web'),
  ];
  const id = randomUUID().replace(/-/g, '').slice(0, 24);
  await from.send(
    xml(
      'message',
      { to: jidOf(stack, to), type: 'headline', id },
      xml('extraParams', { xmlns: 'jabber:client' }, ...fields),
    ),
  );
  return id;
}
