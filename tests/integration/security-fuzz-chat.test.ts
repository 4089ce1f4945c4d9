/**
 * Issue 27 item 9, fuzzing what a stranger sends about other people's conversations
 * (docs/security.md "Security suites"), on the real Prosody:
 *
 * - Call signals: generated signals of every kind (docs/calls.md "Who may ring") into a live call
 *   between two members, with the live session's id or others, a spoofed caller, extra opponents
 *   and hostile fields. After each, the call is still live with the same two parties, nobody rang,
 *   and the callee sent the stranger nothing but a busy refusal of her own ring.
 * - Archive queries (XEP-0313): generated queries to her own archive, another member's JID, a room
 *   she is not in and nonsense, filtered and paged every way. After each, the stream answers a
 *   ping or was closed, and nothing she received holds a word of the others' conversation.
 *
 * `FUZZ_RUNS` / `FUZZ_SEED` as in the other fuzzers; `npm run fuzz` runs 500 signals and 1,000
 * queries. Previews in dialog lists are fuzzed by the HTTP fuzzers (security-fuzz-api.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isOneToOneRing } from '../../src/app/features/calls/call-ring';
import {
  CallType,
  createCallClient,
  encodeSignal,
  SessionState,
  SignalType,
  WEBRTC_MODULE,
  type CallClient,
  type CallSession,
} from '../../src/webrtc';
import { createChatClient, moduleCarrier, type ChatClient } from '../../src/xmpp';
import { fakeMedia, nodeWrtc, type FakeMedia } from '../support/call-media';
import { nextCall } from '../support/call-harness';
import { until } from '../support/chat-harness';
import { qbClient } from '../support/qb';
import { archiveQueryCase } from '../support/security/archive-queries';
import { callSignalCase, type CallSignalCase } from '../support/security/call-signal-cases';
import { freshChatMember } from '../support/security/fresh-users';
import { count, expectNoFailures, fuzz, fuzzRuns } from '../support/security/fuzz-run';
import { rawXmpp, type RawXmpp } from '../support/security/xmpp-raw';
import { connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const ws = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;
type Member = Awaited<ReturnType<typeof freshChatMember>>;
const username = (m: Member) => `${m.chatId}-${stack.appId}`;
const bare = (m: Member) => `${username(m)}@${stack.chatDomain}`;

async function chatOf(m: Member): Promise<ChatClient> {
  const chat = createChatClient({ service: ws, domain: stack.chatDomain, appId: stack.appId });
  await chat.connect({ userId: m.chatId, password: m.password });
  return chat;
}

describe('call signal fuzzing', () => {
  let callee: { member: Member; chat: ChatClient; calls: CallClient };
  let caller: { member: Member; chat: ChatClient; calls: CallClient };
  let stranger: { member: Member; chat: ChatClient };
  const media: FakeMedia[] = [];
  const rings: string[] = [];
  let live: CallSession;

  const party = async (m: Member) => {
    const chat = await chatOf(m);
    const calls = createCallClient({
      carrier: moduleCarrier(chat),
      userId: m.chatId,
      iceServers: [],
      wrtc: nodeWrtc,
    });
    return { member: m, chat, calls };
  };

  beforeAll(async () => {
    const [a, b, c] = await Promise.all([
      freshChatMember(stack.url),
      freshChatMember(stack.url),
      freshChatMember(stack.url),
    ]);
    [callee, caller] = await Promise.all([party(a), party(b)]);
    stranger = { member: c, chat: await chatOf(c) };
    const first = nextCall(callee.calls, 'call');
    const mine = fakeMedia();
    const theirs = fakeMedia();
    media.push(mine, theirs);
    await caller.calls.createSession([callee.member.chatId], CallType.VIDEO).call(mine.stream);
    const ring = await first;
    expect(isOneToOneRing(ring.session, ring.userId, callee.member.chatId)).toBe(true);
    live = ring.session;
    // From here on, a ring at the callee is a failure: the portal would show it during a call.
    callee.calls.on('call', ({ session, userId }) => rings.push(`${session.id} from ${userId}`));
    await live.accept(theirs.stream);
    await until(() => /connected|completed/.test(String(live.peerState(caller.member.chatId))), 'the call');
  });

  afterAll(async () => {
    for (const party of [callee, caller]) for (const s of party?.calls.sessions.values() ?? []) s.stop();
    for (const m of media) m.stop();
    await Promise.all([callee?.chat.disconnect(), caller?.chat.disconnect(), stranger?.chat.disconnect()]);
  });

  it('generated signals from a stranger: the call stays between its two parties, nobody rings', async () => {
    const carrier = moduleCarrier(stranger.chat);
    const out: Array<{ to: number; signalType: string; sessionId: string }> = [];
    callee.calls.on('signal', (s) => {
      if (s.direction === 'out') out.push({ to: s.userId, signalType: s.signalType, sessionId: s.sessionId });
    });
    const refusals = new Map<string, () => void>();
    stranger.chat.messages.on('error', ({ id }) => refusals.get(id)?.());
    let probe = 0;
    const figures = await fuzz(
      'call signals',
      callSignalCase({
        stranger: stranger.member.chatId,
        callee: callee.member.chatId,
        caller: caller.member.chatId,
        liveSession: live.id,
      }),
      fuzzRuns(0.05, 40),
      async (c: CallSignalCase, f) => {
        const sentBefore = out.length;
        carrier.send(callee.member.chatId, WEBRTC_MODULE, { extension: c.extension });
        // A harmless signal of the stranger's, after the case on the same streams: once the callee
        // has read it, it has read the case; or the server refused it as part of a flood.
        const probeId = `probe-${probe++}`;
        let off = () => undefined as void;
        let guard: ReturnType<typeof setTimeout> | undefined;
        const heard = new Promise<'heard'>((resolve) => {
          off = callee.calls.on('signal', (s) => {
            if (s.direction === 'in' && s.sessionId === probeId) resolve('heard');
          });
        });
        const stanza = carrier.send(callee.member.chatId, WEBRTC_MODULE, {
          extension: encodeSignal({
            signalType: SignalType.PARAMETERS_CHANGED,
            sessionId: probeId,
            callType: CallType.VIDEO,
            callerId: stranger.member.chatId,
            opponentIds: [callee.member.chatId],
          }),
        });
        const refused = new Promise<'limited'>((resolve) => refusals.set(stanza, () => resolve('limited')));
        const lost = new Promise<'lost'>((resolve) => {
          guard = setTimeout(() => resolve('lost'), 60_000);
        });
        const outcome = await Promise.race([heard, refused, lost]);
        off();
        clearTimeout(guard);
        refusals.delete(stanza);
        if (outcome === 'lost') return 'the probe was neither read by the callee nor refused by the server';
        count(f, outcome);
        if (rings.length > 0) return `rang at the callee: ${rings.join(', ')}`;
        if (live.state !== SessionState.ACTIVE) return `the live call is ${live.state}`;
        if (JSON.stringify(live.peerIds) !== JSON.stringify([caller.member.chatId]))
          return `the live call's peers are ${live.peerIds.join(',')}`;
        for (const sent of out.slice(sentBefore)) {
          const busyRefusal = sent.to === stranger.member.chatId && sent.signalType === 'reject' && c.ownRing;
          const callerUpkeep =
            sent.to === caller.member.chatId &&
            sent.sessionId === live.id &&
            ['iceCandidates', 'update'].includes(sent.signalType);
          if (!busyRefusal && !callerUpkeep) return `the callee sent ${sent.signalType} to ${sent.to}`;
        }
        return null;
      },
      (c) => `${c.kind}: ${JSON.stringify(c.extension).slice(0, 300)}`,
    );
    expectNoFailures(figures);
    expect(live.state).toBe(SessionState.ACTIVE);
    expect(String(live.peerState(caller.member.chatId))).toMatch(/connected|completed|reconnect/);
  }, 900_000);
});

describe('archive query fuzzing (XEP-0313)', () => {
  const MAM = 'urn:xmpp:mam:2';
  const SECRET = `archived-${randomBytes(6).toString('hex')}`;
  const ROOM_SECRET = `in-the-room-${randomBytes(6).toString('hex')}`;
  let owner: Member;
  let friend: Member;
  let stranger: Member;
  let room = '';
  let raw: RawXmpp | null = null;

  beforeAll(async () => {
    [owner, friend, stranger] = await Promise.all([
      freshChatMember(stack.url),
      freshChatMember(stack.url),
      freshChatMember(stack.url),
    ]);
    const group = await qbClient(stack.url).call('POST', '/chat/Dialog.json', {
      token: owner.token,
      form: { type: 2, name: 'Archive fuzz', occupants_ids: String(friend.chatId) },
    });
    room = group.body.xmpp_room_jid as string;
    const peer = await connectPeer({
      service: ws,
      domain: stack.chatDomain,
      username: username(owner),
      password: owner.password,
    });
    try {
      const joined = new Promise<void>((resolve) =>
        peer.on('stanza', (s: { is(name: string): boolean; attrs: Record<string, string> }) => {
          if (s.is('presence') && s.attrs.from === `${room}/${owner.chatId}`) resolve();
        }),
      );
      await peer.send(
        xml(
          'presence',
          { to: `${room}/${owner.chatId}` },
          xml('x', { xmlns: 'http://jabber.org/protocol/muc' }),
        ),
      );
      await joined;
      await peer.send(xml('message', { to: bare(friend), type: 'chat' }, xml('body', {}, SECRET)));
      await peer.send(xml('message', { to: room, type: 'groupchat' }, xml('body', {}, ROOM_SECRET)));
      // Both are in the archives the stranger will ask for: the owner's and the room's.
      const found: string[] = [];
      peer.on('stanza', (st: { toString(): string }) => found.push(st.toString()));
      const archived = () =>
        found.some((t) => t.includes(SECRET)) && found.some((t) => t.includes(ROOM_SECRET));
      for (let asked = 0; !archived(); asked++) {
        if (asked === 100) throw new Error('The messages never showed in the archives');
        await peer.iqCaller.request(xml('iq', { type: 'set' }, xml('query', { xmlns: MAM })));
        await peer.iqCaller.request(xml('iq', { type: 'set', to: room }, xml('query', { xmlns: MAM })));
      }
    } finally {
      await stopPeer(peer);
    }
  });

  afterAll(() => raw?.close());

  it('generated queries from a stranger: answered or closed, and nothing of the others in any answer', async () => {
    let probe = 0;
    const figures = await fuzz(
      'archive queries',
      archiveQueryCase({
        self: bare(stranger),
        owner: bare(owner),
        friend: bare(friend),
        room,
        domain: stack.chatDomain,
      }),
      fuzzRuns(0.1, 60),
      async (c, f) => {
        if (!raw?.isOpen()) raw = await rawXmpp(ws, stack.chatDomain, username(stranger), stranger.token);
        const from = raw.seen.length;
        raw.send(c.text);
        const id = `probe-${probe++}`;
        if (raw.isOpen())
          raw.send(
            `<iq xmlns="jabber:client" type="get" id="${id}" to="${stack.chatDomain}"><ping xmlns="urn:xmpp:ping"/></iq>`,
          );
        const answer = await raw.next(
          (frame) => frame.includes(`id="${id}"`) || frame.includes(`id='${id}'`),
          20_000,
        );
        const received = raw.seen.slice(from).join('\n');
        if (received.includes(SECRET) || received.includes(ROOM_SECRET))
          return `another member's message reached the stranger: ${received.slice(0, 300)}`;
        const queryAnswer = raw.seen
          .slice(from)
          .find((frame) => frame.includes(`id="${c.id}"`) || frame.includes(`id='${c.id}'`));
        count(
          f,
          queryAnswer
            ? queryAnswer.includes('type="error"') || queryAnswer.includes("type='error'")
              ? 'error'
              : 'result'
            : answer
              ? 'unanswered, stream fine'
              : 'closed',
        );
        if (!answer && raw.isOpen()) return 'neither answered nor closed';
        return null;
      },
      (c) => `${c.kind}: ${c.text.slice(0, 300)}`,
    );
    expectNoFailures(figures);
  }, 900_000);
});
