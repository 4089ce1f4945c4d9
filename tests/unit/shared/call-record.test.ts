/**
 * A call's record in the chat (src/shared/call-record.ts, docs/calls.md "Call records in the
 * chat"): written by the call screens, read by the Messages screen from a live extension or a
 * history message's custom fields, and from the vendor's English bodies when the fields are missing.
 */
import { describe, expect, it } from 'vitest';
import { callDurationText, callRecordFields, readCallRecord } from '../../../src/shared/call-record';
import { recordOutcome } from '../../../src/app/features/calls/end-reason';

describe('callRecordFields and readCallRecord', () => {
  it('round-trips every outcome as the strings the wire gives back', () => {
    for (const outcome of ['canceled', 'declined', 'busy', 'missed'] as const) {
      const fields = { conferenceType: '2', ...callRecordFields({ outcome, seconds: null }) };
      expect(readCallRecord(fields, 'whatever the body says')).toEqual({
        outcome,
        seconds: null,
        media: 'audio',
      });
    }
    const done = { conferenceType: '1', ...callRecordFields({ outcome: 'completed', seconds: 75.6 }) };
    expect(done).toEqual({ conferenceType: '1', callOutcome: 'completed', callSeconds: '75' });
    expect(readCallRecord(done, 'Durée 01:15')).toEqual({
      outcome: 'completed',
      seconds: 75,
      media: 'video',
    });
  });

  it("reads the vendor's English bodies of records without the fields", () => {
    expect(readCallRecord({ conferenceType: '1' }, 'Call duration: 02:05')).toEqual({
      outcome: 'completed',
      seconds: 125,
      media: 'video',
    });
    expect(readCallRecord({ conferenceType: '2' }, 'Call duration: 01:00:01')?.seconds).toBe(3601);
    expect(readCallRecord({ conferenceType: '2' }, 'Canceled the call.')?.outcome).toBe('canceled');
  });

  it('anything else is a plain message', () => {
    expect(readCallRecord(null, 'Call duration: 02:05')).toBeNull();
    expect(readCallRecord({}, 'Call duration: 02:05')).toBeNull();
    expect(readCallRecord({ conferenceType: '3', callOutcome: 'busy' }, '')).toBeNull();
    // The share notice carries conferenceType too, and stays a message.
    expect(readCallRecord({ conferenceType: '1', share_screen: '1' }, 'Screen sharing started')).toBeNull();
    expect(
      readCallRecord({ conferenceType: '1', callOutcome: 'completed', callSeconds: '-3' }, ''),
    ).toBeNull();
    expect(readCallRecord({ conferenceType: '1', callOutcome: 'exploded' }, 'hi')).toBeNull();
  });

  it('shows a duration as mm:ss, or hh:mm:ss from an hour on', () => {
    expect(callDurationText(59)).toBe('00:59');
    expect(callDurationText(3_600)).toBe('01:00:00');
    expect(callDurationText(-1)).toBe('00:00');
  });
});

describe('recordOutcome: canceled only when the caller hung up before an answer', () => {
  const outgoing = { direction: 'outgoing' as const, connectedSeconds: null, hungUpByUs: false };
  it('maps how an unanswered call of ours ended', () => {
    expect(recordOutcome({ ...outgoing, reason: 'declined' })).toBe('declined');
    expect(recordOutcome({ ...outgoing, reason: 'busy' })).toBe('busy');
    expect(recordOutcome({ ...outgoing, reason: 'noAnswer' })).toBe('missed');
    expect(recordOutcome({ ...outgoing, reason: 'ended', hungUpByUs: true })).toBe('canceled');
    // A failure (no media, an invalid event) is not a cancel.
    expect(recordOutcome({ ...outgoing, reason: 'ended' })).toBeNull();
  });
  it('a connected call is completed either way; an unanswered ring records nothing on the callee', () => {
    expect(recordOutcome({ ...outgoing, connectedSeconds: 12, reason: 'remoteHangUp' })).toBe('completed');
    expect(
      recordOutcome({ direction: 'incoming', connectedSeconds: 3, reason: 'ended', hungUpByUs: true }),
    ).toBe('completed');
    expect(
      recordOutcome({ direction: 'incoming', connectedSeconds: null, reason: 'ended', hungUpByUs: false }),
    ).toBeNull();
  });
});
