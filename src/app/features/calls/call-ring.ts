/**
 * Who an incoming call is from (spec §4 Call, docs/calls.md "Who may ring"): the caller's name and
 * whether she is one of the provider's clients, and which rings the portal shows at all.
 */
import type { CallSession } from '../../../webrtc/browser';
import { chatCalls } from '../../api/domain-calls';

/**
 * The client's name and avatar (spec §3 client info). The server answers only for members the
 * provider has a consultation, a report or a dialog with; `settled` learns whether it did.
 */
export function lookupName(
  opponentId: number,
  apply: (info: { name: string; avatar: string | null }) => void,
  settled: (known: boolean) => void = () => undefined,
) {
  chatCalls
    .clientByChatId(opponentId, { quiet: true })
    .then((info) => {
      apply({ name: info.name, avatar: info.avatar });
      settled(true);
    })
    .catch((error: unknown) => {
      // Not one of hers (NOT_FOUND), or the lookup failed: shown without a name, and no ring.
      console.warn('Caller lookup', error);
      settled(false);
    });
}

/**
 * Spec §4: the portal shows only one-to-one calls. A ring is shown only when its caller is the
 * sender and the provider is its one opponent (the call client already dropped rings whose
 * `callerID` was not the sender, docs/calls.md "Who may ring"); anything else is refused, so no
 * peer is ever answered without the provider's consent.
 */
export function isOneToOneRing(session: CallSession, userId: number, me: number): boolean {
  const { opponentIds } = session;
  return session.initiatorId === userId && opponentIds.length === 1 && opponentIds[0] === me;
}
