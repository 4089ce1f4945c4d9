/** Clients for the chat benchmarks: ours (src/xmpp) and @xmpp/client, both over WebSocket with PLAIN. */
import { xml } from '@xmpp/client';
import { member } from '../../../fixtures';
import { createChatClient, type ChatClient } from '../../../src/xmpp';
import { onlinePeer, until, wsUrl, type Peer } from '../../../tests/support/chat-harness';
import type { StackInfo } from '../../../tests/support/stack';
import { connectPeer } from '../../../tests/support/xmpp-peer';

export { onlinePeer, type Peer };

/** Our client for a member, created but not connected. */
export function ours(
  stack: StackInfo,
  service = wsUrl(stack),
  options: { streamManagement?: boolean } = {},
): ChatClient {
  return createChatClient({
    service,
    domain: stack.chatDomain,
    appId: stack.appId,
    keepAliveIntervalMs: 0,
    ...options,
  });
}

export async function oursOnline(stack: StackInfo, key: string, service?: string): Promise<ChatClient> {
  const client = ours(stack, service);
  await client.connect({ userId: member(key).chatId, password: member(key).chatPassword });
  return client;
}

/**
 * @xmpp/client doing what `ChatClient.connect` does: connect, authenticate, bind, roster, presence;
 * through our server's port unless another `service` is given.
 */
export async function peerLogin(stack: StackInfo, key: string, service?: string): Promise<Peer> {
  if (!service) return onlinePeer(stack, key, { roster: true });
  const persona = member(key);
  const peer = await connectPeer({
    service,
    domain: stack.chatDomain,
    username: `${persona.chatId}-${stack.appId}`,
    password: persona.chatPassword,
  });
  const sm = (peer as unknown as { streamManagement: { enabled: boolean } }).streamManagement;
  await until(() => sm.enabled, 'the peer to enable stream management');
  await peer.iqCaller.request(xml('iq', { type: 'get' }, xml('query', { xmlns: 'jabber:iq:roster' })));
  await peer.send(xml('presence'));
  return peer;
}

export const chatMessage = (to: string, body: string) =>
  xml('message', { to, type: 'chat' }, xml('body', {}, body));

/**
 * The extension the portal puts on a message it keeps (docs/wire/hosted-chat.md §14.2): Prosody
 * reports it to our server's history (mod_portal_history).
 */
export const historyExtension = (dialogId: string) => ({ save_to_history: '1', dialog_id: dialogId });

/** The same message as @xmpp/client sends it: id, body and the history extension. */
export const historyMessage = (to: string, body: string, id: string, dialogId: string) =>
  xml(
    'message',
    { to, type: 'chat', id },
    xml('body', {}, body),
    xml(
      'extraParams',
      { xmlns: 'jabber:client' },
      xml('save_to_history', {}, '1'),
      xml('dialog_id', {}, dialogId),
    ),
  );
