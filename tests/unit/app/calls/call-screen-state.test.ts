/** The call screen's transition table (features/calls/call-screen-state.ts; spec §4 Call, §8 texts). */
import { describe, expect, it } from 'vitest';
import {
  CALL_SCREEN_EVENTS,
  CALL_SCREEN_TRANSITIONS,
  createCallScreenMachine,
  screenAfter,
  type CallScreenEvent,
  isLive,
  statusKey,
  type CallScreen,
} from '../../../../src/app/features/calls/call-screen-state';
import { createCallStore } from '../../../../src/app/features/calls/call-store';
import { IllegalTransitionError } from '../../../../src/shared/machine';
import { rejectReason, CALL_MARK } from '../../../../src/app/features/calls/end-reason';

const SCREENS = Object.keys(CALL_SCREEN_TRANSITIONS) as CallScreen[];

/** A machine brought to `screen` by legal moves (the table reaches every screen from idle). */
function machineAt(screen: CallScreen, seen: CallScreen[] = []) {
  const machine = createCallScreenMachine((to) => seen.push(to));
  const path: Record<CallScreen, readonly CallScreen[]> = {
    idle: [],
    ringing: ['ringing'],
    dialing: ['dialing'],
    connecting: ['ringing', 'connecting'],
    connected: ['dialing', 'connected'],
    reconnecting: ['dialing', 'connected', 'reconnecting'],
    ended: ['ringing', 'ended'],
  };
  for (const to of path[screen]) machine.transition(to);
  seen.length = 0;
  return machine;
}

describe('call screen transitions', () => {
  it('allow exactly the moves of the table; staying put is no move', () => {
    for (const from of SCREENS)
      for (const to of SCREENS) {
        const seen: CallScreen[] = [];
        const machine = machineAt(from, seen);
        if (from === to) {
          machine.transition(to);
          expect(seen, `${from} → ${to}`).toEqual([]);
        } else if (CALL_SCREEN_TRANSITIONS[from].includes(to)) {
          machine.transition(to);
          expect(seen, `${from} → ${to}`).toEqual([to]);
        } else {
          expect(() => machine.transition(to), `${from} → ${to}`).toThrow(IllegalTransitionError);
          expect(machine.state).toBe(from);
        }
      }
  });

  it('name the machine, the screen and the move asked for in an illegal move', () => {
    expect(() => machineAt('ringing').transition('connected')).toThrow(
      expect.objectContaining({ machine: 'call screen', state: 'ringing', event: 'connected' }),
    );
  });

  it('follow a ring to the end: ringing, connecting, connected, reconnecting, connected, ended, idle', () => {
    const seen: CallScreen[] = [];
    const machine = createCallScreenMachine((to) => seen.push(to));
    const ring: CallScreen[] = [
      'ringing',
      'connecting',
      'connected',
      'reconnecting',
      'connected',
      'ended',
      'idle',
    ];
    for (const to of ring) machine.transition(to);
    expect(seen).toEqual(ring);
  });

  it('let every live screen end, and nothing but idle follow the end', () => {
    for (const live of SCREENS.filter(isLive)) {
      const machine = machineAt(live);
      machine.transition('ended');
      expect(machine.state).toBe('ended');
    }
    expect(CALL_SCREEN_TRANSITIONS.ended).toEqual(['idle']);
    expect(() => machineAt('idle').transition('connected')).toThrow(IllegalTransitionError);
  });

  it('say which screens are live (another ring is then ignored, spec §4)', () => {
    expect(SCREENS.filter(isLive).sort()).toEqual(
      ['connected', 'connecting', 'dialing', 'reconnecting', 'ringing'].sort(),
    );
  });
});

describe('call screen events', () => {
  const EVENTS: CallScreenEvent[] = ['answer', 'accepted', 'mediaUp', 'mediaLost', 'mediaBack', 'end'];

  it('lead only where the next-state table allows, or stay', () => {
    for (const from of SCREENS)
      for (const [event, to] of Object.entries(CALL_SCREEN_EVENTS[from]))
        expect(to === from || CALL_SCREEN_TRANSITIONS[from].includes(to!), `${from} ${event} → ${to}`).toBe(
          true,
        );
  });

  it('throw for an event a screen does not list, naming the screen and the event', () => {
    for (const from of SCREENS)
      for (const event of EVENTS.filter((e) => !(e in CALL_SCREEN_EVENTS[from])))
        expect(() => screenAfter(from, event), `${from} ${event}`).toThrow(
          expect.objectContaining({ machine: 'call screen', state: from, event }),
        );
    // Nothing but starting or clearing a call moves an idle or ended screen.
    expect(CALL_SCREEN_EVENTS.idle).toEqual({});
    expect(CALL_SCREEN_EVENTS.ended).toEqual({});
  });

  it('follow a dial whose media connects before the accept, then drops and comes back', () => {
    let screen: CallScreen = 'dialing';
    const seen: CallScreen[] = [];
    for (const event of ['mediaLost', 'mediaUp', 'accepted', 'mediaLost', 'mediaBack', 'end'] as const) {
      screen = screenAfter(screen, event);
      seen.push(screen);
    }
    expect(seen).toEqual(['dialing', 'connected', 'connected', 'reconnecting', 'connected', 'ended']);
    // A ring is answered only by the provider: a client's accept cannot reach it.
    expect(() => screenAfter('ringing', 'accepted')).toThrow(IllegalTransitionError);
  });
});

describe('the call store', () => {
  it('moves its screen only by the table: a live call is not wiped, a new one starts from the end text', () => {
    const windows: string[] = [];
    const store = createCallStore(
      (window) => windows.push(window),
      () => 1000,
    );
    store.beginCall('dialing', {
      opponentId: 7,
      name: 'Clara',
      avatar: null,
      media: 'video',
      direction: 'outgoing',
      consultation: false,
    });
    store.send('mediaUp');
    expect(store.state.connectedAt).toBe(1000);
    expect(() => store.resetCall()).toThrow(IllegalTransitionError);
    expect(() => store.beginCall('ringing', { ...store.state })).toThrow(IllegalTransitionError);
    expect(store.state.screen).toBe('connected');
    store.send('end', 'remoteHangUp');
    expect(store.state.endReason).toBe('remoteHangUp');
    store.beginCall('ringing', {
      opponentId: 8,
      name: 'Emma',
      avatar: null,
      media: 'audio',
      direction: 'incoming',
      consultation: false,
    });
    expect(store.state).toMatchObject({
      screen: 'ringing',
      endReason: null,
      connectedAt: null,
      name: 'Emma',
    });
    // Dialing, connected and the end text show the window; a ring does not.
    expect(windows).toEqual(['open', 'open', 'open', 'closed']);
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
