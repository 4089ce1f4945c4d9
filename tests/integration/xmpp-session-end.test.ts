/**
 * No chat session outlives its owner, and nothing a session received bounces (issue 24;
 * docs/prosody.md "Other modules of ours"), on a stack of its own whose stream-management window
 * is 30 s. Clients are hand-driven streams (tests/support/raw-xmpp.ts) that never acknowledge
 * (XEP-0198 §4), so Prosody still holds what it sent them when they go away, and an
 * @xmpp/client member on the other side.
 *
 * - A portal session's end (a sign-out, a cancellation of the account) ends the account's chat
 *   sessions at once, hibernating ones included: the answer comes after Prosody closed them, and
 *   none is left. A password change in Settings ends her other portal sessions only (a sign-in
 *   keeps one live at a time), so the chat of the session that changed it goes on.
 * - A session whose hibernation ran out hands a message addressed to it to the account's live
 *   session — once, although another session that went away was handed it too — drops its copy
 *   of one addressed to the account (the live session had its own) and a call signal, and
 *   bounces none of them; what it held that was addressed to the account — shown before it
 *   crashed, or sent before another tab took the browser's connection over — goes, once, to the
 *   session that became available after it, and what that session got itself is not passed on
 *   again, nor what another session of the account acknowledged; on the account's last session
 *   the message goes to offline storage and reaches the next login.
 *
 * Only the first of those waits a window out; the others end the session that went away through
 * the admin socket while it hibernates (mod_smacks fires delivery/failure either way), so no test
 * races the window.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../fixtures';
import { apiClient } from '../support/api';
import {
  collect,
  onlinePeer,
  signedInWithChat,
  wsUrl,
  type Element,
  type Peer,
} from '../support/chat-harness';
import { closeChatSessions } from '../../src/server/prosody/admin-socket';
import { prosodyPaths } from '../../src/server/prosody/config';
import { chatSessionsOf } from '../support/chat-sessions';
import { openRawXmpp, tryResume, type RawXmpp, type RawXmppLogin } from '../support/raw-xmpp';
import { startStack, type TestStack } from '../support/stack';
import { stopPeer } from '../support/xmpp-peer';

/**
 * Long enough that a hibernating session outlives the steps a test takes while it must still be
 * there (binding a stream, a round trip, an acknowledgement), even on a loaded machine.
 */
const RESUMPTION_SECONDS = 30;
/** How long a wait for Prosody's list of sessions may take: a hibernation, and then some. */
const SESSIONS_WAIT_MS = RESUMPTION_SECONDS * 1000 + 60_000;
/** A test that waits out a hibernation or two. */
const SLOW = { timeout: 2 * SESSIONS_WAIT_MS };
let stack: TestStack;
const streams: RawXmpp[] = [];
const peers: Peer[] = [];

beforeAll(async () => {
  stack = await startStack({ env: { CHAT_RESUMPTION_SECONDS: String(RESUMPTION_SECONDS) } });
});

afterAll(async () => {
  for (const raw of streams) raw.close();
  for (const peer of peers) await stopPeer(peer);
  await stack?.stop({ remove: true });
});

/** A stream bound to `resource`, stream management on (resumable), initial presence taken. */
async function boundStream(login: RawXmppLogin, resource: string): Promise<{ raw: RawXmpp; previd: string }> {
  const raw = await openRawXmpp(login);
  streams.push(raw);
  raw.send(
    `<iq type='set' id='bind1' xmlns='jabber:client'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'><resource>${resource}</resource></bind></iq>`,
  );
  await raw.next(/id=['"]bind1['"]/);
  raw.send("<enable xmlns='urn:xmpp:sm:3' resume='true'/>");
  const previd = /\bid=['"]([^'"]+)['"]/.exec(await raw.next(/<enabled\b/))?.[1];
  if (!previd) throw new Error('No SM-ID');
  raw.send("<presence xmlns='jabber:client'/>");
  // The server reflects the initial presence to its sender (RFC 6121 §4.2.2) once it has taken it:
  // until then the session is not available, and neither gets nor causes presence broadcasts.
  await raw.next(new RegExp(`<presence\\b[^>]*from=['"][^'"]+/${resource}['"]`));
  return { raw, previd };
}

function memberLogin(key: string): RawXmppLogin {
  const persona = member(key);
  return {
    url: wsUrl(stack),
    domain: stack.chatDomain,
    username: `${persona.chatId}-${stack.appId}`,
    password: persona.chatPassword,
  };
}

const node = (login: RawXmppLogin) => login.username;

/** Waits until Prosody lists the account's sessions as `expected` ("resource=h|l"). */
async function sessionsBecome(login: RawXmppLogin, expected: string[]): Promise<void> {
  const want = JSON.stringify([...expected].sort());
  const deadline = Date.now() + SESSIONS_WAIT_MS;
  for (;;) {
    // Read before comparing: an empty expectation must be seen, not assumed.
    const last = (await chatSessionsOf(stack.dataDir, node(login)))
      .map((s) => `${s.resource}=${s.hibernating ? 'h' : 'l'}`)
      .sort();
    if (JSON.stringify(last) === want) return;
    if (Date.now() > deadline)
      throw new Error(
        `Sessions stayed ${last.join(', ') || 'none'}, expected ${expected.join(', ') || 'none'}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A round trip through the server on the peer's stream: whatever was sent to it before is in. */
async function settled(peer: Peer): Promise<void> {
  await peer.iqCaller.request(
    xml('iq', { type: 'get', to: stack.chatDomain }, xml('ping', { xmlns: 'urn:xmpp:ping' })),
  );
}

const errorsIn = (stanzas: Element[]) =>
  stanzas.filter((s) => s.attrs.type === 'error').map((s) => s.toString());

describe('a portal session that ends takes its chat sessions with it', () => {
  it('closes the live and the hibernating session at once, and neither can be resumed', async () => {
    const { api, token, login } = await signedInWithChat(stack, 'amelia');
    await boundStream(login, 'live-tab');
    const closedTab = await boundStream(login, 'closed-tab');
    closedTab.raw.close();
    await sessionsBecome(login, ['live-tab=l', 'closed-tab=h']);

    const out = await api.call('POST', '/user/user/sign/out/doctor', { token });
    expect(out.code).toBe('OK');
    // The sign-out answers once Prosody has closed the account's sessions (session.ended is awaited).
    expect(await chatSessionsOf(stack.dataDir, node(login))).toEqual([]);
    const again = await openRawXmpp({
      ...login,
      password: (await signedInWithChat(stack, 'amelia')).password,
    });
    streams.push(again);
    expect(await tryResume(again, closedTab.previd)).toMatch(/<failed\b[\s\S]*item-not-found/);
  });

  it('keeps them through a password change in Settings, and closes them at once when she cancels her account', async () => {
    const api = apiClient(stack);
    const fresh = await api.signUpFresh('chatends');
    const info = await api.call<{ password: string; quickBloxId: number }>(
      'GET',
      '/message/qb/user/getInfo',
      {
        token: fresh.token,
      },
    );
    expect(info.code).toBe('OK');
    const login: RawXmppLogin = {
      url: wsUrl(stack),
      domain: stack.chatDomain,
      username: `${info.data.quickBloxId}-${stack.appId}`,
      password: info.data.password,
    };
    await boundStream(login, 'live-tab');
    const closedTab = await boundStream(login, 'closed-tab');
    closedTab.raw.close();
    await sessionsBecome(login, ['live-tab=l', 'closed-tab=h']);

    const password = 'Changed-pass-2026';
    const changed = await api.call('POST', '/user/user/sign/modify/doctor/password', {
      token: fresh.token,
      form: { oldPassword: fresh.password, password },
    });
    expect(changed.code).toBe('OK');
    expect(
      (await chatSessionsOf(stack.dataDir, node(login)))
        .map((s) => `${s.resource}=${s.hibernating ? 'h' : 'l'}`)
        .sort(),
    ).toEqual(['closed-tab=h', 'live-tab=l']);

    const cancelled = await api.call('POST', '/user/doctor/cancellation/account', {
      token: fresh.token,
      form: { password },
    });
    expect(cancelled.code).toBe('OK');
    // The cancellation answers once Prosody has closed the account's sessions (session.ended is awaited).
    expect(await chatSessionsOf(stack.dataDir, node(login))).toEqual([]);
    // Nor can her chat come back: its password went with the account.
    await expect(openRawXmpp(login)).rejects.toThrow(/SASL failed/);
  });
});

describe('what a session that went away had not acknowledged', () => {
  let ava: Peer;
  let atAva: Element[];
  const bianca = member('bianca');

  beforeAll(async () => {
    ava = await onlinePeer(stack, 'ava');
    peers.push(ava);
    atAva = collect(ava);
  });

  it(
    'goes to the account’s live session if it was addressed to the one that went away, and is never bounced',
    SLOW,
    async () => {
      const login = memberLogin('bianca');
      const live = await boundStream(login, 'live');
      const gone = await boundStream(login, 'gone');
      await ava.send(
        xml(
          'message',
          { to: `${bianca.jid}/gone`, type: 'chat', id: 'to-gone' },
          xml('body', {}, 'shown, then the tab closed'),
        ),
      );
      await gone.raw.next(/id=['"]to-gone['"]/);
      gone.raw.close();
      await sessionsBecome(login, ['live=l', 'gone=h']);
      // While it hibernates: one to the account (the live session gets its own copy) and a call signal.
      await ava.send(
        xml('message', { to: bianca.jid, type: 'chat', id: 'to-account' }, xml('body', {}, 'for anyone')),
      );
      await ava.send(
        xml(
          'message',
          { to: `${bianca.jid}/gone`, type: 'headline', id: 'signal' },
          xml('extraParams', { xmlns: 'jabber:client' }, xml('moduleIdentifier', {}, 'WebRTCVideoChat')),
        ),
      );
      await live.raw.next(/id=['"]to-account['"]/);

      await sessionsBecome(login, ['live=l']);
      await live.raw.next(/id=['"]to-gone['"]/);
      await settled(ava);
      live.raw.send("<iq xmlns='jabber:client' type='get' id='after' ><ping xmlns='urn:xmpp:ping'/></iq>");
      await live.raw.next(/id=['"]after['"]/);
      expect(errorsIn(atAva)).toEqual([]);
      const copies = (id: string) =>
        live.raw.frames.filter((f) => f.includes(`id='${id}'`) || f.includes(`id="${id}"`));
      expect(copies('to-gone')).toHaveLength(1);
      expect(copies('to-account')).toHaveLength(1);
      expect(copies('signal')).toHaveLength(0);
      live.raw.send("<close xmlns='urn:ietf:params:xml:ns:xmpp-framing'/>");
      await sessionsBecome(login, []);
    },
  );

  it(
    'goes, once, to a session that became available after it: another tab took the connection over from a crashed one',
    SLOW,
    async () => {
      const login = memberLogin('bianca');
      const crashed = await boundStream(login, 'crashed-holder');
      // Shown by the tab that held the connection, which crashed before acknowledging it.
      await ava.send(
        xml('message', { to: bianca.jid, type: 'chat', id: 'before-the-crash' }, xml('body', {}, 'shown')),
      );
      await crashed.raw.next(/id=['"]before-the-crash['"]/);
      crashed.raw.close();
      await sessionsBecome(login, ['crashed-holder=h']);
      // In the gap, to the account: the crashed one is still there to take it.
      await ava.send(
        xml('message', { to: bianca.jid, type: 'chat', id: 'in-the-gap' }, xml('body', {}, 'anyone there?')),
      );
      await settled(ava);
      const taker = await boundStream(login, 'taker');
      // Once the taker is there it gets its own copy, and the crashed one's is not passed on.
      await ava.send(
        xml('message', { to: bianca.jid, type: 'chat', id: 'after-taking-over' }, xml('body', {}, 'hello')),
      );
      // The crashed session's end (ended here inside its window: mod_smacks fires delivery/failure
      // the same way when the window runs out, which the test before waits for): what it held was
      // passed on before it is reported gone.
      await sessionsBecome(login, ['crashed-holder=h', 'taker=l']);
      await closeChatSessions(
        prosodyPaths(stack.dataDir).adminSocket,
        `${bianca.jid}/crashed-holder`,
        'test',
      );
      await sessionsBecome(login, ['taker=l']);
      await taker.raw.next(
        /crashed-holder['"][^>]*type=['"]unavailable|type=['"]unavailable['"][^>]*crashed-holder/,
      );
      await settled(ava);
      taker.raw.send(
        "<iq xmlns='jabber:client' type='get' id='after-gap' ><ping xmlns='urn:xmpp:ping'/></iq>",
      );
      await taker.raw.next(/id=['"]after-gap['"]/);
      const copies = (id: string) =>
        taker.raw.frames.filter((f) => f.includes(`id='${id}'`) || f.includes(`id="${id}"`));
      expect(copies('before-the-crash')).toHaveLength(1);
      expect(copies('in-the-gap')).toHaveLength(1);
      expect(copies('after-taking-over')).toHaveLength(1);
      expect(errorsIn(atAva)).toEqual([]);
      taker.raw.send("<close xmlns='urn:ietf:params:xml:ns:xmpp-framing'/>");
      await sessionsBecome(login, []);
    },
  );

  it(
    'is not passed on when another session of the account acknowledged it (the tab that held the connection showed it)',
    SLOW,
    async () => {
      const login = memberLogin('bianca');
      // The holder binds first, so the window of the one that went away starts as late as it can.
      const holder = await boundStream(login, 'holder');
      const old = await boundStream(login, 'closed-first');
      old.raw.close();
      await sessionsBecome(login, ['holder=l', 'closed-first=h']);
      await ava.send(
        xml('message', { to: bianca.jid, type: 'chat', id: 'shown-once' }, xml('body', {}, 'seen here')),
      );
      await holder.raw.next(/id=['"]shown-once['"]/);
      // XEP-0198 §4: the holder acknowledges everything it received, and the server has read it
      // once the ping after it is answered.
      const enabledAt = holder.raw.frames.findLastIndex((f) => /<enabled\b/.test(f));
      const handled = holder.raw.frames
        .slice(enabledAt + 1)
        .filter((f) => /^<(message|presence|iq)\b/.test(f));
      holder.raw.send(`<a xmlns='urn:xmpp:sm:3' h='${handled.length}'/>`);
      holder.raw.send("<iq xmlns='jabber:client' type='get' id='acked' ><ping xmlns='urn:xmpp:ping'/></iq>");
      await holder.raw.next(/id=['"]acked['"]/);
      holder.raw.send("<close xmlns='urn:ietf:params:xml:ns:xmpp-framing'/>");
      const taker = await boundStream(login, 'after-both');
      // The first one ends now, inside its window (as when the server closes it), with the last
      // one there to be handed what it held.
      await sessionsBecome(login, ['closed-first=h', 'after-both=l']);
      await closeChatSessions(prosodyPaths(stack.dataDir).adminSocket, `${bianca.jid}/closed-first`, 'test');
      await sessionsBecome(login, ['after-both=l']);
      await taker.raw.next(
        /closed-first['"][^>]*type=['"]unavailable|type=['"]unavailable['"][^>]*closed-first/,
      );
      await settled(ava);
      taker.raw.send("<iq xmlns='jabber:client' type='get' id='done' ><ping xmlns='urn:xmpp:ping'/></iq>");
      await taker.raw.next(/id=['"]done['"]/);
      expect(taker.raw.frames.filter((f) => /id=['"]shown-once['"]/.test(f))).toEqual([]);
      expect(errorsIn(atAva)).toEqual([]);
      taker.raw.send("<close xmlns='urn:ietf:params:xml:ns:xmpp-framing'/>");
      await sessionsBecome(login, []);
    },
  );

  it('goes to offline storage from the account’s last session and reaches the next login', SLOW, async () => {
    const login = memberLogin('bianca');
    const last = await boundStream(login, 'last');
    await ava.send(
      xml(
        'message',
        { to: `${bianca.jid}/last`, type: 'chat', id: 'to-last' },
        xml('body', {}, 'read, then the browser crashed'),
      ),
    );
    await last.raw.next(/id=['"]to-last['"]/);
    last.raw.close();
    await sessionsBecome(login, ['last=h']);
    await closeChatSessions(prosodyPaths(stack.dataDir).adminSocket, `${bianca.jid}/last`, 'test');
    await sessionsBecome(login, []);
    await settled(ava);
    expect(errorsIn(atAva)).toEqual([]);

    const next = await boundStream(login, 'next');
    await next.raw.next(/id=['"]to-last['"]/);
  });
});
