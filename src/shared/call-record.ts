/**
 * A call's record in the chat (spec §4 Call "On end, a system chat message is sent with the
 * duration or a cancel text"; docs/calls.md "Call records in the chat"). The body stays the
 * vendor's convention, a text in the sender's language ('Call duration: mm:ss', 'Canceled the
 * call.') that the members' apps show as it is; two custom fields of the extension (saved to
 * history, docs/wire/hosted-chat.md §5.2 custom fields) say what happened, so the portal shows a
 * call card in the reader's language. One shape for the call screens that write it and the
 * Messages screen that reads it.
 */

import { clockDuration } from './time/format';

/** What a call record says happened. */
export type CallOutcome =
  /** The call connected and lasted `seconds`. */
  | 'completed'
  /** The caller hung up before anyone answered. */
  | 'canceled'
  /** The callee refused. */
  | 'declined'
  /** The callee was in another call and refused automatically (wire §20.5). */
  | 'busy'
  /** Nobody answered within the answer time (spec §9, 60 s). */
  | 'missed';

export const CALL_OUTCOMES: readonly CallOutcome[] = ['completed', 'canceled', 'declined', 'busy', 'missed'];

/** The extension keys of a call record (strings on the wire, as every extension value). */
export const CALL_RECORD_KEYS = { outcome: 'callOutcome', seconds: 'callSeconds' } as const;

export interface CallRecord {
  outcome: CallOutcome;
  /** Whole seconds of a completed call; null otherwise. */
  seconds: number | null;
  media: 'video' | 'audio';
}

/** The extension fields that carry a record (added to `save_to_history`, `dialog_id`, `conferenceType`). */
export function callRecordFields(record: Pick<CallRecord, 'outcome' | 'seconds'>): Record<string, string> {
  const fields: Record<string, string> = { [CALL_RECORD_KEYS.outcome]: record.outcome };
  if (record.outcome === 'completed' && record.seconds !== null)
    fields[CALL_RECORD_KEYS.seconds] = String(Math.max(0, Math.floor(record.seconds)));
  return fields;
}

/**
 * Spec §4 "The timer counts seconds from connection and shows mm:ss, or hh:mm:ss past an hour":
 * whole seconds as that text; negative or fractional input is floored at 0.
 */
export const callDurationText = clockDuration;

const DURATION_BODY = /^Call duration: (?:(\d+):)?(\d{1,2}):(\d{2})$/;
const CANCELED_BODY = 'Canceled the call.';

/**
 * The record a message carries, from its extension (live) or its custom fields (history); null for
 * any other message. A message with `conferenceType` but without our fields (an older portal's, or
 * a member app's in the vendor's English) is read from its body when that is one of the two texts.
 * Anything malformed is not a call record: it shows as the text it is.
 */
export function readCallRecord(
  fields: Record<string, unknown> | null | undefined,
  body: string,
): CallRecord | null {
  if (!fields) return null;
  const type = String(fields.conferenceType ?? '');
  if (type !== '1' && type !== '2') return null;
  const media = type === '1' ? 'video' : 'audio';
  const outcome = String(fields[CALL_RECORD_KEYS.outcome] ?? '');
  if ((CALL_OUTCOMES as readonly string[]).includes(outcome)) {
    if (outcome !== 'completed') return { outcome: outcome as CallOutcome, seconds: null, media };
    const seconds = Number(fields[CALL_RECORD_KEYS.seconds]);
    return Number.isInteger(seconds) && seconds >= 0 ? { outcome: 'completed', seconds, media } : null;
  }
  if (body === CANCELED_BODY) return { outcome: 'canceled', seconds: null, media };
  const duration = DURATION_BODY.exec(body);
  if (!duration) return null;
  const [, hours, minutes, seconds] = duration;
  return {
    outcome: 'completed',
    seconds: Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds),
    media,
  };
}
