/**
 * Why our call was refused (spec §8 'Declined.' or 'Line busy. Call not received.'): a busy
 * callee refuses automatically by echoing our `call` signal's extension (docs/wire/hosted-chat.md
 * §20.5), so its `reject` carries back the `userInfo` we dialled with; a person's refusal does not.
 */
import type { CallOutcome } from '../../../shared/call-record';
import type { EndReason } from './call-screen-state';

/** The key our `call` userInfo carries, so an echo of it can be recognised. */
export const CALL_MARK = 'portalCallId';

export function rejectReason(received: Record<string, unknown>, sentMark: string | null): EndReason {
  return sentMark !== null && received[CALL_MARK] === sentMark ? 'busy' : 'declined';
}

/**
 * What the call's record in the chat says (docs/calls.md "Call records in the chat"), or null for
 * no record. The caller records how its call ended; the callee only a call that connected (the
 * caller records the rest). 'canceled' is only the caller hanging up before an answer: a refusal
 * is 'declined', a busy line 'busy', the answer time running out 'missed', and a call that failed
 * (no media, an invalid event) records nothing.
 */
export function recordOutcome(call: {
  direction: 'incoming' | 'outgoing';
  connectedSeconds: number | null;
  reason: EndReason;
  /** We hung up ('Leave', confirmed). */
  hungUpByUs: boolean;
}): CallOutcome | null {
  if (call.connectedSeconds !== null) return 'completed';
  if (call.direction !== 'outgoing') return null;
  switch (call.reason) {
    case 'declined':
      return 'declined';
    case 'busy':
      return 'busy';
    case 'noAnswer':
      return 'missed';
    default:
      return call.hungUpByUs ? 'canceled' : null;
  }
}
