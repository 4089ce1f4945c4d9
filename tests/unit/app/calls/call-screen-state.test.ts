/** The call screen's transition table (features/calls/call-screen-state.ts; spec §4 Call, §8 texts). */
import { describe, expect, it } from 'vitest';
import {
  CALL_SCREEN_TRANSITIONS,
  IllegalCallScreenMove,
  isLive,
  nextCallScreen,
  statusKey,
  type CallScreen,
} from '../../../../src/app/features/calls/call-screen-state';
import { rejectReason, CALL_MARK } from '../../../../src/app/features/calls/end-reason';

const SCREENS = Object.keys(CALL_SCREEN_TRANSITIONS) as CallScreen[];

describe('call screen transitions', () => {
  it('allow exactly the moves of the table, and staying put', () => {
    for (const from of SCREENS)
      for (const to of SCREENS) {
        const allowed = from === to || CALL_SCREEN_TRANSITIONS[from].includes(to);
        if (allowed) expect(nextCallScreen(from, to)).toBe(to);
        else expect(() => nextCallScreen(from, to), `${from} → ${to}`).toThrow(IllegalCallScreenMove);
      }
  });

  it('follow a ring to the end: ringing, connecting, connected, reconnecting, connected, ended, idle', () => {
    let screen: CallScreen = 'idle';
    for (const to of [
      'ringing',
      'connecting',
      'connected',
      'reconnecting',
      'connected',
      'ended',
      'idle',
    ] as const)
      screen = nextCallScreen(screen, to);
    expect(screen).toBe('idle');
  });

  it('let every live screen end, and nothing but idle follow the end', () => {
    for (const live of SCREENS.filter(isLive)) expect(nextCallScreen(live, 'ended')).toBe('ended');
    expect(CALL_SCREEN_TRANSITIONS.ended).toEqual(['idle']);
    expect(() => nextCallScreen('idle', 'connected')).toThrow(IllegalCallScreenMove);
    expect(() => nextCallScreen('ringing', 'connected')).toThrow(IllegalCallScreenMove);
  });

  it('say which screens are live (another ring is then ignored, spec §4)', () => {
    expect(SCREENS.filter(isLive).sort()).toEqual(
      ['connected', 'connecting', 'dialing', 'reconnecting', 'ringing'].sort(),
    );
  });
});

describe('status line (spec §8 call messages)', () => {
  it('is Connecting while dialing or connecting, Connected once connected, the end text at the end', () => {
    expect(statusKey('idle', null)).toBeNull();
    expect(statusKey('ringing', null)).toBeNull();
    expect(statusKey('dialing', null)).toBe('status.connecting');
    expect(statusKey('connecting', null)).toBe('status.connecting');
    expect(statusKey('reconnecting', null)).toBe('status.connecting');
    expect(statusKey('connected', null)).toBe('status.connected');
    expect(statusKey('ended', 'declined')).toBe('status.end.declined');
    expect(statusKey('ended', null)).toBe('status.end.ended');
  });
});

describe('why a call was refused', () => {
  it('is busy when the reject echoes our call (wire §20.5), declined otherwise', () => {
    expect(rejectReason({ [CALL_MARK]: 'abc' }, 'abc')).toBe('busy');
    expect(rejectReason({}, 'abc')).toBe('declined');
    expect(rejectReason({ [CALL_MARK]: 'other' }, 'abc')).toBe('declined');
    expect(rejectReason({ [CALL_MARK]: 'abc' }, null)).toBe('declined');
  });
});
