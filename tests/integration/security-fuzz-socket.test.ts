/**
 * Issue 15, fuzzing the two long-lived channels (docs/security.md "Security suites"): generated
 * STOMP frames and protobuf bodies on `/socket`, and stanzas from a peer over XMPP. After every
 * case the peer either still answers (a RECEIPT, a ping result) or was told and closed — never
 * left hanging — and at the end a bystander on each channel, who saw none of it, still works and
 * the API answers. `FUZZ_RUNS` / `FUZZ_SEED` as in the HTTP fuzzer.
 */
import { type client as xmppClient, xml } from '@xmpp/client';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_SOCKET_SEND } from '../../src/shared/app-socket';
import { apiClient } from '../support/api';
import { freshChatMember } from '../support/security/fresh-users';
import { count, expectNoFailures, fuzz, fuzzRuns } from '../support/security/fuzz-run';
import { stompCase, type StompCase } from '../support/security/stomp-frames';
import { stanzaCase, type StanzaCase } from '../support/security/stanzas';
import { rawXmpp, type RawXmpp } from '../support/security/xmpp-raw';
import { connectPeer, stopPeer } from '../support/xmpp-peer';
import { connectRaw, sendClientMessage, socketUrl, type RawPeer } from './app-socket-support';

const stack = inject('stack');
const api = apiClient(stack);
const url = socketUrl(stack.url);
const wsXmpp = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;
let probe = 0;

/** Whether a WebSocket frame holds one well-formed XML document (RFC 7395 §3.3.3). */
function isWellFormed(text: string): boolean {
  let bad = false;
  try {
    new DOMParser({ onError: (level) => void (level !== 'warning' && (bad = true)) }).parseFromString(
      text,
      'text/xml',
    );
  } catch {
    bad = true;
  }
  return !bad;
}

async function apiAnswers() {
  const answer = await api.call('GET', '/user/protocol/getPublishProtocolVersionInfo');
  return answer.status;
}

/** Waits for `receipt` or the socket closing; null if neither came in time. */
async function receiptOrClose(peer: RawPeer, receipt: string): Promise<string | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000));
  const got = peer
    .next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt, 60_000)
    .then(() => 'answered')
    .catch(() => null);
  const closed = peer.closed.then(({ code }) => `closed ${code}`);
  return Promise.race([got, closed, timeout]);
}

describe('app socket fuzzing (STOMP + protobuf)', () => {
  let token = '';
  let bystander: RawPeer;
  let peer: RawPeer | null = null;

  beforeAll(async () => {
    token = (await api.signUpFresh('fuzz-socket')).token;
    bystander = await connectRaw(url, (await api.signUpFresh('fuzz-bystander')).token);
  });
  afterAll(async () => {
    await peer?.close();
    await bystander?.close();
  });

  it('generated frames: every one answered or refused with a close, the server and others unaffected', async () => {
    const figures = await fuzz(
      'app socket',
      stompCase,
      fuzzRuns(0.2, 100),
      async (c: StompCase, f) => {
        if (!peer?.isOpen()) peer = await connectRaw(url, token);
        const sent = peer.frames.length;
        peer.sendRaw(c.bytes);
        const receipt = `probe-${probe++}`;
        if (peer.isOpen()) {
          sendClientMessage(
            peer,
            APP_SOCKET_SEND.eventTracking,
            { type: 1, appLog: { event: 'probe' } },
            receipt,
          );
        }
        const outcome = await receiptOrClose(peer, receipt);
        count(f, outcome ?? 'hung');
        if (outcome === null) return 'neither answered nor closed within 5 s';
        if (outcome.startsWith('closed')) {
          const told = peer.frames.slice(sent).some((fr) => fr.command === 'ERROR');
          const code = Number(outcome.split(' ')[1]);
          const askedToLeave = c.kind === 'command DISCONNECT' && code === 1000;
          if (!told && !askedToLeave && ![1002, 1007, 1008, 1009].includes(code)) {
            return `closed ${code} without an ERROR frame`;
          }
        }
        return null;
      },
      (c) =>
        `${c.kind} (${c.bytes.length} B): ${JSON.stringify(Buffer.from(c.bytes.slice(0, 120)).toString('latin1'))}`,
    );
    expectNoFailures(figures);
    sendClientMessage(
      bystander,
      APP_SOCKET_SEND.eventTracking,
      { type: 1, appLog: { event: 'still' } },
      'bystander',
    );
    expect(await receiptOrClose(bystander, 'bystander')).toBe('answered');
    expect(await apiAnswers()).toBe(200);
  }, 900_000);
});

describe('XMPP stanza fuzzing', () => {
  type Member = Awaited<ReturnType<typeof freshChatMember>>;
  let fuzzer: Member;
  let other: Member;
  let bystander: ReturnType<typeof xmppClient>;
  let raw: RawXmpp | null = null;
  const username = (m: Member) => `${m.chatId}-${stack.appId}`;

  beforeAll(async () => {
    fuzzer = await freshChatMember(stack.url);
    other = await freshChatMember(stack.url);
    bystander = await connectPeer({
      service: wsXmpp,
      domain: stack.chatDomain,
      username: username(other),
      password: other.token,
    });
  });
  afterAll(async () => {
    raw?.close();
    await stopPeer(bystander);
  });

  it('generated stanzas: every one answered or the stream closed, Prosody and other users unaffected', async () => {
    const target = `${username(other)}@${stack.chatDomain}`;
    const figures = await fuzz(
      'XMPP stanzas',
      stanzaCase([target, `${target}/x`]),
      fuzzRuns(0.1, 60),
      async (c: StanzaCase, f) => {
        if (!raw?.isOpen()) raw = await rawXmpp(wsXmpp, stack.chatDomain, username(fuzzer), fuzzer.token);
        raw.send(c.text);
        const id = `probe-${probe++}`;
        if (raw.isOpen())
          raw.send(
            `<iq xmlns="jabber:client" type="get" id="${id}" to="${stack.chatDomain}"><ping xmlns="urn:xmpp:ping"/></iq>`,
          );
        const answer = await raw.next(
          (frame) => frame.includes(`id="${id}"`) || frame.includes(`id='${id}'`),
          5000,
        );
        const outcome = answer ? 'answered' : raw.isOpen() ? null : 'closed';
        if (outcome) {
          count(f, outcome);
          return null;
        }
        // Not one whole element: Prosody waits for the rest of it, as a stream parser must; the
        // RFC 7395 framing rule that would refuse it is left to do (docs/security.md).
        if (!isWellFormed(c.text)) {
          count(f, 'partial element left open');
          raw.close();
          return null;
        }
        return 'neither answered nor closed within 5 s';
      },
      (c) => `${c.kind}: ${c.text.slice(0, 200)}`,
    );
    expectNoFailures(figures);
    const again = await rawXmpp(wsXmpp, stack.chatDomain, username(fuzzer), fuzzer.token);
    again.send(
      `<iq xmlns="jabber:client" type="get" id="after" to="${stack.chatDomain}"><ping xmlns="urn:xmpp:ping"/></iq>`,
    );
    expect(await again.next((frame) => frame.includes('after'), 60_000)).toContain('result');
    again.close();
    expect(bystander.status).toBe('online');
    const pong = await bystander.iqCaller.request(
      xml('iq', { type: 'get', to: stack.chatDomain }, xml('ping', { xmlns: 'urn:xmpp:ping' })),
    );
    expect(pong.attrs.type).toBe('result');
    expect(await apiAnswers()).toBe(200);
  }, 900_000);
});
