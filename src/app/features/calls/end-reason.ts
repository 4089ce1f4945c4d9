/**
 * Why our call was refused (spec §8 'Declined.' or 'Line busy. Call not received.'): a busy
 * callee refuses automatically by echoing our `call` signal's extension (docs/wire/hosted-chat.md
 * §20.5), so its `reject` carries back the `userInfo` we dialled with; a person's refusal does not.
 */
import type { EndReason } from './call-screen-state';

/** The key our `call` userInfo carries, so an echo of it can be recognised. */
export const CALL_MARK = 'portalCallId';

export function rejectReason(received: Record<string, unknown>, sentMark: string | null): EndReason {
  return sentMark !== null && received[CALL_MARK] === sentMark ? 'busy' : 'declined';
}
