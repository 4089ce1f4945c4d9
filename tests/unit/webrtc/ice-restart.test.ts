/**
 * ICE connect wait, disconnect time-out and ICE restart over `update` (wire §20.7, spec §9) with a
 * fake clock and scripted links: reconnecting / reconnected / failed, the polite peer (lower id)
 * answering, the impolite one restarting itself, and answers matched by offerId.
 */
import { describe, expect, it } from 'vitest';
import {
  createFakeClock,
  PeerState,
  SessionConnectionState,
  SessionState,
  type CallEvents,
} from '../../../src/webrtc';
import { fakeStream, party, signalNetwork, type Party } from './scripted';

const LOW = 11;
const HIGH = 22;

async function connected(callerId: number, calleeId: number) {
  const network = signalNetwork();
  const clock = createFakeClock(5_000_000);
  const parties = new Map<number, Party>([
    [LOW, party(network, LOW, {}, clock)],
    [HIGH, party(network, HIGH, {}, clock)],
  ]);
  const caller = parties.get(callerId)!;
  const callee = parties.get(calleeId)!;
  let ringing: CallEvents['call'] | undefined;
  callee.calls.on('call', (e) => (ringing = e));
  const session = caller.calls.createSession([calleeId]);
  await session.call(fakeStream(['audio']));
  await ringing!.session.accept(fakeStream(['audio']));
  for (const p of [caller, callee]) {
    p.links.last().ice('checking');
    p.links.last().ice('connected');
  }
  const events = (p: Party) => {
    const list: string[] = [];
    p.calls.on('reconnection', (e) => list.push(e.state));
    return list;
  };
  return { network, clock, caller, callee, callerSession: session, calleeSession: ringing!.session, events };
}

describe('ICE restart (wire §20.7)', () => {
  it('a hangUp ends the peer at once, so its link closing behind it starts no restart', async () => {
    const { callee, callerSession, calleeSession, events } = await connected(LOW, HIGH);
    const seen = events(callee);
    const link = callee.links.last();
    callerSession.stop();
    expect(link.destroyed).toBe(true);
    expect(calleeSession.state).toBe(SessionState.CLOSED);
    expect(seen).toEqual([]);
  });

  it('recovers within the 5 s wait without a restart', async () => {
    const { network, clock, caller, callerSession, events } = await connected(LOW, HIGH);
    const seen = events(caller);
    caller.links.last().ice('disconnected');
    expect(seen).toEqual(['reconnecting']);
    expect(callerSession.peerState(HIGH)).toBe(PeerState.DISCONNECTED);
    clock.advance(3_000);
    caller.links.last().ice('connected');
    expect(seen).toEqual(['reconnecting', 'reconnected']);
    clock.advance(60_000);
    expect(network.of('update')).toHaveLength(0);
  });

  it('the impolite (higher id) side restarts after 5 s; the polite side rebuilds and answers', async () => {
    const { network, clock, caller, callee, events } = await connected(LOW, HIGH);
    const seen = events(callee);
    const linksAtLow = caller.links.links.length;
    callee.links.last().ice('disconnected');
    clock.advance(4_999);
    expect(network.of('update')).toHaveLength(0);
    clock.advance(1);
    const [offer] = network.of('update', LOW);
    expect(offer!.signal).toMatchObject({
      reason: 'reconnect',
      sessionDescription: { type: 'offer', sdp: expect.any(String) },
    });
    expect(callee.links.last().options.iceRestart).toBe(true);
    // LOW is polite: a new link, the offer applied, an answer with the same offerId.
    expect(caller.links.links.length).toBe(linksAtLow + 1);
    expect(caller.links.last().remote[0]).toMatchObject({
      type: 'offer',
      sdp: offer!.signal.sessionDescription!.sdp,
    });
    const [answer] = network.of('update', HIGH);
    expect(answer!.signal.sessionDescription).toMatchObject({
      offerId: offer!.signal.sessionDescription!.offerId,
      type: 'answer',
    });
    expect(callee.links.last().remote.at(-1)).toEqual({
      type: 'answer',
      sdp: answer!.signal.sessionDescription!.sdp,
    });
    callee.links.last().ice('checking');
    callee.links.last().ice('connected');
    expect(seen).toEqual(['reconnecting', 'reconnected']);
  });

  it('an impolite peer ignores an offer and restarts itself; a stale answer is ignored', async () => {
    const { network, clock, caller, callee, calleeSession } = await connected(LOW, HIGH);
    caller.links.last().ice('failed');
    clock.advance(5_000);
    const lowOffer = network.of('update', HIGH)[0]!.signal.sessionDescription!;
    // HIGH did not apply LOW's offer; it sent its own, which LOW answered.
    expect(callee.links.last().remote.some((r) => r.sdp === lowOffer.sdp)).toBe(false);
    const highOffer = network.of('update', LOW)[0]!.signal.sessionDescription!;
    expect(highOffer.type).toBe('offer');
    expect(highOffer.offerId).not.toBe(lowOffer.offerId);
    const answer = network.of('update', HIGH).find((s) => s.signal.sessionDescription?.type === 'answer')!;
    expect(answer.signal.sessionDescription!.offerId).toBe(highOffer.offerId);
    expect(calleeSession.state).toBe(SessionState.ACTIVE);
    // An answer to an offer HIGH never made is not applied.
    const applied = callee.links.last().remote.length;
    const stale = network.of('update', HIGH).find((s) => s.signal.sessionDescription?.type === 'answer')!;
    const forged = stale.extraParams.clone();
    forged.child('sessionDescription')!.child('offerId')!.children.splice(0, 1, 'someone-else');
    network.deliver(LOW, HIGH, forged);
    expect(callee.links.last().remote.length).toBe(applied);
  });

  it('ends the peer at 30 s without recovery: failed, CLOSED, session closed', async () => {
    const { clock, caller, callerSession, events } = await connected(LOW, HIGH);
    const seen = events(caller);
    const states: SessionConnectionState[] = [];
    caller.calls.on('connectionState', (e) => states.push(e.state));
    const closed: unknown[] = [];
    caller.calls.on('sessionClose', (e) => closed.push(e));
    caller.links.last().ice('disconnected');
    clock.advance(29_999);
    expect(callerSession.state).toBe(SessionState.ACTIVE);
    clock.advance(1);
    expect(seen).toEqual(['reconnecting', 'failed']);
    expect(states).toEqual([SessionConnectionState.DISCONNECTED, SessionConnectionState.CLOSED]);
    expect(callerSession.peerState(HIGH)).toBe(PeerState.CLOSED);
    expect(callerSession.state).toBe(SessionState.CLOSED);
    expect(closed).toHaveLength(1);
  });

  it("reports 'failed' when hanging up while reconnecting", async () => {
    const { caller, callerSession, events } = await connected(LOW, HIGH);
    const seen = events(caller);
    caller.links.last().ice('disconnected');
    callerSession.stop();
    expect(seen).toEqual(['reconnecting', 'failed']);
    expect(callerSession.state).toBe(SessionState.CLOSED);
  });

  it('treats a link lost without us (ICE closed under it) as failed and restarts', async () => {
    const { network, clock, callee, calleeSession, events } = await connected(HIGH, LOW);
    const seen = events(callee);
    callee.links.last().options.onLost(new Error('Ice connection closed.'));
    expect(calleeSession.peerState(HIGH)).toBe(PeerState.FAILED);
    expect(seen).toEqual(['reconnecting']);
    clock.advance(5_000);
    // LOW is polite toward HIGH, but it detected the loss first: it offers, HIGH ignores and offers.
    expect(network.of('update').length).toBeGreaterThan(0);
    expect(calleeSession.state).toBe(SessionState.ACTIVE);
  });
});
