/**
 * Helpers for integration tests of src/xmpp against the real stack: our ChatClient logged in as
 * a persona, @xmpp/client peers (code we did not write) online with presence and stream
 * management settled, and waits that fail with a message instead of hanging.
 */
import type { client as createClient, xml as peerXml } from '@xmpp/client';
import { member, provider } from '../../fixtures';
import { userJid } from '../../src/shared/chat-address';
import {
  createChatClient,
  type ChatClient,
  type ChatClientOptions,
  type ChatEvents,
  type ChatFeature,
  type EventSource,
} from '../../src/xmpp';
import { apiClient } from './api';
import type { RawXmppLogin } from './raw-xmpp';
import type { StackInfo } from './stack';
import { traced, tracedPeer } from './test-trace';
import { connectPeer } from './xmpp-peer';

export type Peer = ReturnType<typeof createClient>;
/** An element as @xmpp/client hands it out. */
export type Element = ReturnType<typeof peerXml>;

export const wsUrl = (stack: Pick<StackInfo, 'port'>) => `ws://127.0.0.1:${stack.port}/xmpp-websocket`;
export const boshUrl = (stack: Pick<StackInfo, 'url'>) => `${stack.url}/http-bind`;

/** Waits until `check` returns a value other than undefined/false, or fails after `ms`. */
export async function until<T>(check: () => T | undefined | false, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The next event of our client that passes `filter`: one of its own (`owner` 'client') or of the
 * feature that owns it (`nextEvent(client, 'markers', 'delivered')`).
 */
export function nextEvent<O extends keyof ChatEvents, K extends keyof ChatEvents[O]>(
  client: ChatClient,
  owner: O,
  event: K,
  filter: (payload: ChatEvents[O][K]) => boolean = () => true,
  ms = 60_000,
): Promise<ChatEvents[O][K]> {
  const source = (owner === 'client' ? client : client[owner as ChatFeature]) as unknown as EventSource<
    ChatEvents[O]
  >;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Timed out waiting for ${String(owner)} ${String(event)}`));
    }, ms);
    const off = source.on(event, (payload) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

/** The next stanza a peer receives that passes `filter`. */
export function nextStanza(peer: Peer, filter: (stanza: Element) => boolean, ms = 60_000): Promise<Element> {
  return new Promise((resolve, reject) => {
    const listener = (stanza: Element) => {
      if (!filter(stanza)) return;
      clearTimeout(timer);
      peer.removeListener('stanza', listener);
      resolve(stanza);
    };
    const timer = setTimeout(() => {
      peer.removeListener('stanza', listener);
      reject(new Error('Timed out waiting for a stanza at the peer'));
    }, ms);
    peer.on('stanza', listener);
  });
}

/** Collects every stanza a peer receives. */
export function collect(peer: Peer): Element[] {
  const list: Element[] = [];
  peer.on('stanza', (stanza: Element) => list.push(stanza));
  return list;
}

/**
 * An @xmpp/client member online over WebSocket: logged in, stream management enabled (the race
 * of docs/prosody.md), initial presence sent unless `presence: false`.
 */
export async function onlinePeer(
  stack: StackInfo,
  key: string,
  options: {
    resource?: string;
    presence?: boolean;
    roster?: boolean;
    /** Another Prosody's WebSocket (tests/support/own-prosody.ts); the stack's by default. */
    service?: string;
  } = {},
): Promise<Peer> {
  const persona = member(key);
  const peer = await connectPeer({
    service: options.service ?? wsUrl(stack),
    domain: stack.chatDomain,
    username: `${persona.chatId}-${stack.appId}`,
    password: persona.chatPassword,
    resource: options.resource,
  });
  tracedPeer(peer, `peer ${key}${options.resource ? `/${options.resource}` : ''}`);
  const sm = (peer as unknown as { streamManagement: { enabled: boolean } }).streamManagement;
  await until(() => sm.enabled, 'the peer to enable stream management');
  const { xml } = await import('@xmpp/client');
  // RFC 6121 §2.1.2: only a resource that fetched the roster is told of subscription changes.
  if (options.roster)
    await peer.iqCaller.request(xml('iq', { type: 'get' }, xml('query', { xmlns: 'jabber:iq:roster' })));
  if (options.presence !== false) await peer.send(xml('presence'));
  return peer;
}

/**
 * A provider persona signed in, with her chat login the way the portal gets it (getInfo): the
 * API client, the token, and the login of a raw WebSocket stream (tests/support/raw-xmpp.ts).
 */
export async function signedInWithChat(stack: StackInfo, key: string) {
  const api = apiClient(stack);
  const token = await api.signInAs(key);
  const info = await api.call<{ password: string; quickBloxId: number }>('GET', '/message/qb/user/getInfo', {
    token,
  });
  if (info.code !== 'OK') throw new Error(`getInfo for ${key}: ${info.code}`);
  // A sign-in answers only after the kicked session's chat streams are closed (sessions.ts awaits
  // session.ended), so a chat login right after it is never caught by that close.
  const login: RawXmppLogin = {
    url: wsUrl(stack),
    domain: stack.chatDomain,
    username: `${info.data.quickBloxId}-${stack.appId}`,
    password: info.data.password,
  };
  return { api, token, chatId: info.data.quickBloxId, password: info.data.password, login };
}

/** The chat password of a provider persona, the way the portal gets it (getInfo). */
export async function providerChatPassword(
  stack: StackInfo,
  key: string,
): Promise<{ chatId: number; password: string }> {
  const { chatId, password } = await signedInWithChat(stack, key);
  return { chatId, password };
}

/** Our client for a member persona (chat password) or a provider persona (getInfo password). */
export async function ourClient(
  stack: StackInfo,
  who: { member: string } | { provider: string },
  options: Partial<ChatClientOptions> = {},
): Promise<ChatClient> {
  const credentials =
    'member' in who
      ? { chatId: member(who.member).chatId, password: member(who.member).chatPassword }
      : await providerChatPassword(stack, who.provider);
  if ('provider' in who && provider(who.provider).chatId !== credentials.chatId)
    throw new Error('Unexpected chat id');
  const client = createChatClient({
    service: wsUrl(stack),
    domain: stack.chatDomain,
    appId: stack.appId,
    ...options,
  });
  traced(client, `ours ${'member' in who ? who.member : who.provider}`);
  await client.connect({ userId: credentials.chatId, password: credentials.password });
  return client;
}

export const jidOf = (stack: StackInfo, chatId: number) => userJid(chatId, stack.appId, stack.chatDomain);
