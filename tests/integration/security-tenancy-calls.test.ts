/**
 * Issue 27 item 9, tenancy matrix of calls (docs/security.md "Security suites", docs/calls.md "Who
 * may ring"): a call between Ava and Dana Novak (a provider, whose call client applies the portal's
 * ring rule, src/app/features/calls/call-ring.ts) is live with media; Emma, a stranger to it who
 * learnt its session id, sends every kind of signal into it — joining as herself, joining under
 * Ava's name with herself as an extra opponent, accepting, hanging up, refusing, trickling
 * candidates, asking for an ICE restart. Each row proves the call is live before and unchanged
 * after (state, peers, connection), that Dana's client reported nothing of it, and that Emma got
 * no signal back. Then the rings: one naming Ava as its caller, and one from Ava whose opponents
 * include Emma, which the portal's rule refuses, after which Emma's call into it reaches nobody.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { isOneToOneRing } from '../../src/app/features/calls/call-ring';
import {
  CallType,
  decodeSignal,
  encodeSignal,
  SessionState,
  SignalType,
  WEBRTC_MODULE,
  type CallEventName,
  type CallSession,
  type Signal,
  type SignalCarrier,
} from '../../src/webrtc';
import { moduleCarrier, type ChatClient } from '../../src/xmpp';
import { fakeMedia, type FakeMedia } from '../support/call-media';
import { callParty, leave, nextCall, type CallParty } from '../support/call-harness';
import { FAKE_OFFER } from '../support/call-signals';
import { ourClient, until } from '../support/chat-harness';

const stack = inject('stack');
const avaId = member('ava').chatId;
const emmaId = member('emma').chatId;
const danaId = provider('dana').chatId;

/** What Dana's client reports while a row runs (a live call stays silent). */
const EVENTS: CallEventName[] = [
  'call',
  'accept',
  'reject',
  'stop',
  'update',
  'invalidEvent',
  'sessionClose',
];

describe('tenancy matrix: calls', () => {
  let dana: CallParty;
  let ava: CallParty;
  let emma: ChatClient;
  let emmaCarrier: SignalCarrier;
  const media: FakeMedia[] = [];
  /** Signals Emma received; none may come from Dana. */
  const toEmma: Array<{ userId: number | null; signalType?: string; sessionId?: string }> = [];
  const fromDana = () => toEmma.filter((m) => m.userId === danaId);
  /** Rings that passed the portal's rule at Dana; others were refused as the portal refuses them. */
  const shown: CallSession[] = [];
  let live: { atDana: CallSession; atAva: CallSession };

  beforeAll(async () => {
    [dana, ava] = await Promise.all([callParty(stack, { provider: 'dana' }), callParty(stack, 'ava')]);
    emma = await ourClient(stack, { member: 'emma' });
    emmaCarrier = moduleCarrier(emma);
    emmaCarrier.on(WEBRTC_MODULE, (message) => {
      const signal = decodeSignal(message.extraParams);
      toEmma.push({ userId: message.userId, signalType: signal?.signalType, sessionId: signal?.sessionId });
    });
    dana.calls.on('call', ({ session, userId }) => {
      if (isOneToOneRing(session, userId, dana.userId)) shown.push(session);
      else session.reject();
    });
    const mine = fakeMedia();
    const hers = fakeMedia();
    media.push(mine, hers);
    const atAva = ava.calls.createSession([danaId], CallType.VIDEO);
    await atAva.call(mine.stream);
    await until(() => shown.length === 1, "Ava's ring at Dana");
    const atDana = shown.pop()!;
    const connected = nextCall(ava.calls, 'remoteStream');
    await atDana.accept(hers.stream);
    await connected;
    await until(() => /connected|completed/.test(String(atDana.peerState(avaId))), 'the call to connect');
    live = { atDana, atAva };
  });

  afterAll(async () => {
    for (const party of [dana, ava])
      for (const session of party?.calls.sessions.values() ?? []) session.stop();
    for (const m of media) m.stop();
    await Promise.all([leave(dana), leave(ava), emma?.disconnect()]);
  });

  /** ICE's connected and completed are one state for a live call. */
  const linked = (state: string | null | undefined) => (state === 'completed' ? 'connected' : state);
  /** The live call as both sides see it. */
  const snapshot = () => ({
    dana: { state: live.atDana.state, peers: live.atDana.peerIds, ava: linked(live.atDana.peerState(avaId)) },
    ava: { state: live.atAva.state, peers: live.atAva.peerIds, dana: linked(live.atAva.peerState(danaId)) },
  });

  /** Sends `signal` from Emma to Dana and waits until Dana's client has read it. */
  async function fromEmma(signal: Signal): Promise<void> {
    const heard = new Promise<void>((resolve) => {
      const off = dana.calls.on('signal', (s) => {
        if (s.direction === 'in' && s.userId === emmaId && s.sessionId === signal.sessionId) {
          off();
          resolve();
        }
      });
    });
    emmaCarrier.send(danaId, WEBRTC_MODULE, { extension: encodeSignal(signal) });
    await heard;
  }

  /**
   * A ping from Dana's chat to Emma's and Ava's clients, answered after whatever Dana's call client
   * sent them before it: anything it answered Emma's signal with has arrived by then.
   */
  const settled = () =>
    Promise.all(
      [emma.jid, ava.chat.jid].map(
        (jid) =>
          new Promise<void>((resolve, reject) =>
            dana.chat.ping(jid, (error) => (error ? reject(new Error(String(error.condition))) : resolve())),
          ),
      ),
    );

  const intoLive = (over: Partial<Signal>): Signal => ({
    signalType: SignalType.CALL,
    sessionId: live.atDana.id,
    callType: CallType.VIDEO,
    callerId: emmaId,
    opponentIds: [danaId],
    ...over,
  });

  const ROWS: Array<{ via: string; signal: () => Signal }> = [
    { via: 'a call into it as herself', signal: () => intoLive({ sdp: FAKE_OFFER }) },
    {
      via: "a call into it under Ava's name, herself an extra opponent",
      signal: () => intoLive({ callerId: avaId, opponentIds: [danaId, emmaId], sdp: FAKE_OFFER }),
    },
    {
      via: 'an accept of it',
      signal: () => intoLive({ signalType: SignalType.ACCEPT, callerId: avaId, sdp: FAKE_OFFER }),
    },
    { via: 'a hang-up of it', signal: () => intoLive({ signalType: SignalType.STOP, callerId: avaId }) },
    { via: 'a refusal of it', signal: () => intoLive({ signalType: SignalType.REJECT, callerId: avaId }) },
    {
      via: 'candidates for it',
      signal: () =>
        intoLive({
          signalType: SignalType.CANDIDATE,
          callerId: avaId,
          iceCandidates: [
            { candidate: 'candidate:1 1 udp 1 203.0.113.9 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
          ],
        }),
    },
    {
      via: 'an ICE restart of it',
      signal: () =>
        intoLive({ signalType: SignalType.PARAMETERS_CHANGED, callerId: avaId, reason: 'reconnect' }),
    },
  ];

  it.each(ROWS.map((r) => [r.via, r] as const))(
    'a stranger is not heard in a live call: %s',
    async (_, row) => {
      const before = snapshot();
      expect(before.dana).toMatchObject({ state: SessionState.ACTIVE, peers: [avaId] });
      expect(before.ava).toMatchObject({ state: SessionState.ACTIVE, peers: [danaId] });
      const reported: string[] = [];
      const offs = EVENTS.map((event) => dana.calls.on(event, () => reported.push(event)));
      const sentBefore = fromDana().length;
      await fromEmma(row.signal());
      await settled();
      for (const off of offs) off();
      expect(reported).toEqual([]);
      expect(fromDana().slice(sentBefore)).toEqual([]);
      expect(snapshot()).toEqual(before);
    },
  );

  it('does not ring for a call naming Ava as its caller, and answers it nothing', async () => {
    const rings: unknown[] = [];
    const off = dana.calls.on('call', (ring) => rings.push(ring));
    const sessionId = randomUUID();
    await fromEmma({ ...intoLive({ callerId: avaId, sdp: FAKE_OFFER }), sessionId });
    await settled();
    off();
    expect(rings).toEqual([]);
    expect(dana.calls.sessions.has(sessionId)).toBe(false);
    expect(fromDana()).toEqual([]);
  });

  it('refuses a ring whose opponents include a stranger, whose call into it then reaches nobody', async () => {
    // The live call is over first: a ring during it would be answered busy, whoever sent it.
    const over = nextCall(dana.calls, 'sessionClose');
    live.atAva.stop();
    await over;
    const refused = nextCall(ava.calls, 'reject');
    const mine = fakeMedia();
    media.push(mine);
    const ring = ava.calls.createSession([danaId, emmaId], CallType.VIDEO);
    await ring.call(mine.stream);
    await refused;
    await settled();
    expect(shown).toEqual([]);
    // Dana's refusal went to everyone the ring named, Emma too; nothing else did.
    const refusal = fromDana();
    expect(refusal.map((m) => [m.signalType, m.sessionId])).toEqual([[SignalType.REJECT, ring.id]]);
    await fromEmma({
      ...intoLive({ callerId: avaId, opponentIds: [danaId, emmaId], sdp: FAKE_OFFER }),
      sessionId: ring.id,
    });
    await settled();
    expect(fromDana()).toEqual(refusal);
    expect(dana.calls.sessions.get(ring.id)?.state ?? SessionState.CLOSED).not.toBe(SessionState.ACTIVE);
    expect(dana.calls.sessions.get(ring.id)?.peerConnection(emmaId) ?? null).toBeNull();
    ring.stop();
  });
});
