/**
 * Which rings the portal shows at all (spec §4 Call, docs/calls.md "Who may ring"). Pure, so the
 * security suites apply the same rule to a call client in Node.
 */
import type { CallSession } from '../../../webrtc/browser';

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
