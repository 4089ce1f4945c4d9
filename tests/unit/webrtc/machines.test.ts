/**
 * The session and peer lifecycles of wire §20.3 / spec §4, and who offers to whom in a session
 * (wire §20.4–§20.5), as transition tables: every move the
 * table allows works, every other move throws (docs/conventions.md "What we do" 4).
 */
import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, PeerState, SessionState } from '../../../src/webrtc';
import { createMachine } from '../../../src/webrtc/machines/machine';
import {
  OFFER_TRANSITIONS,
  OfferState,
  createOfferMachine,
} from '../../../src/webrtc/machines/offer-machine';
import { LINK_TRANSITIONS, LinkState, createLinkMachine } from '../../../src/webrtc/machines/link-machine';
import {
  FIRST_CALL_TRANSITIONS,
  FirstCallState,
  createFirstCallMachine,
} from '../../../src/webrtc/machines/first-call-machine';
import { PEER_TRANSITIONS, createPeerMachine } from '../../../src/webrtc/machines/peer-machine';
import {
  SESSION_TRANSITIONS,
  createSessionMachine,
  isLive,
} from '../../../src/webrtc/machines/session-machine';

function exhaust<S extends string | number>(
  what: string,
  table: Readonly<Record<S, readonly S[]>>,
  states: S[],
) {
  for (const from of states) {
    for (const to of states) {
      // Reach `from` by forcing the table's initial state, then try the move.
      const machine = createMachine(what, table, from);
      if (table[from].includes(to)) {
        machine.transition(to);
        expect(machine.state).toBe(to);
      } else {
        expect(() => machine.transition(to), `${String(from)} → ${String(to)}`).toThrow(
          IllegalTransitionError,
        );
        expect(machine.state).toBe(from);
      }
    }
  }
}

describe('session machine (NEW 1, ACTIVE 2, HUNGUP 3, REJECTED 4, CLOSED 5)', () => {
  it('has the numbers of wire §20.3', () => {
    expect(SessionState).toEqual({ NEW: 1, ACTIVE: 2, HUNGUP: 3, REJECTED: 4, CLOSED: 5 });
  });
  it('allows exactly its table', () => {
    exhaust('call session', SESSION_TRANSITIONS, Object.values(SessionState));
  });
  it('starts NEW, reports moves, and CLOSED is final', () => {
    const seen: [number, number][] = [];
    const machine = createSessionMachine((to, from) => seen.push([from, to]));
    expect(machine.state).toBe(SessionState.NEW);
    machine.transition(SessionState.ACTIVE);
    machine.transition(SessionState.HUNGUP);
    machine.transition(SessionState.CLOSED);
    expect(seen).toEqual([
      [1, 2],
      [2, 3],
      [3, 5],
    ]);
    expect(SESSION_TRANSITIONS[SessionState.CLOSED]).toEqual([]);
    expect(() => machine.transition(SessionState.ACTIVE)).toThrow('Illegal call session transition: 5 → 2');
  });
  it('counts NEW and ACTIVE as live', () => {
    expect(Object.values(SessionState).filter(isLive)).toEqual([SessionState.NEW, SessionState.ACTIVE]);
  });
});

describe('peer machine (new, connecting, checking, connected, disconnected, failed, closed, completed)', () => {
  it('names the eight states of spec §4', () => {
    expect(Object.values(PeerState).sort()).toEqual(
      ['checking', 'closed', 'completed', 'connected', 'connecting', 'disconnected', 'failed', 'new'].sort(),
    );
  });
  it('allows exactly its table', () => {
    exhaust('call peer', PEER_TRANSITIONS, Object.values(PeerState));
  });
  it('starts new and cannot skip connecting', () => {
    const machine = createPeerMachine();
    expect(machine.state).toBe('new');
    expect(() => machine.transition('connected')).toThrow('Illegal call peer transition: new → connected');
    machine.transition('connecting');
    machine.transition('checking');
    machine.transition('connected');
    machine.transition('disconnected');
    machine.transition('connecting');
    machine.transition('closed');
    expect(PEER_TRANSITIONS.closed).toEqual([]);
  });
});

describe('offer machine (idle, ringing, dialing, answered, accepted, ended)', () => {
  it('allows exactly its table', () => {
    exhaust('call offer', OFFER_TRANSITIONS, Object.values(OfferState));
  });
  it('starts idle; a participant I dial cannot also ring me, one I answered cannot accept me', () => {
    const dialed = createOfferMachine();
    expect(dialed.state).toBe('idle');
    dialed.transition('dialing');
    expect(() => dialed.transition('ringing')).toThrow('Illegal call offer transition: dialing → ringing');
    dialed.transition('accepted');
    dialed.transition('ended');
    const ringing = createOfferMachine();
    ringing.transition('ringing');
    ringing.transition('answered');
    expect(() => ringing.transition('accepted')).toThrow(IllegalTransitionError);
    expect(OFFER_TRANSITIONS.ended).toEqual([]);
  });
});

describe('peer link machine (made, described, closed)', () => {
  it('allows exactly its table', () => {
    exhaust('peer link', LINK_TRANSITIONS, Object.values(LinkState));
  });
  it('starts made, takes descriptions again (an ICE restart), and closed is final', () => {
    const machine = createLinkMachine();
    expect(machine.state).toBe(LinkState.MADE);
    machine.transition(LinkState.DESCRIBED);
    machine.transition(LinkState.DESCRIBED);
    machine.transition(LinkState.CLOSED);
    expect(() => machine.transition(LinkState.DESCRIBED)).toThrow(/peer link/);
  });
});

describe('first call machine (held, settling, sent, dropped)', () => {
  it('allows exactly its table', () => {
    exhaust('first call', FIRST_CALL_TRANSITIONS, Object.values(FirstCallState));
  });
  it('starts held; sent and dropped are final', () => {
    const machine = createFirstCallMachine();
    expect(machine.state).toBe(FirstCallState.HELD);
    machine.transition(FirstCallState.SETTLING);
    machine.transition(FirstCallState.SENT);
    expect(() => machine.transition(FirstCallState.DROPPED)).toThrow(/first call/);
  });
});
