/** Clients for the chat benchmarks: ours (src/xmpp) and @xmpp/client, both over WebSocket with PLAIN. */
import { xml } from '@xmpp/client';
import { member } from '../../../fixtures';
import { createChatClient, type ChatClient } from '../../../src/xmpp';
import { onlinePeer, wsUrl, type Peer } from '../../../tests/support/chat-harness';
import type { StackInfo } from '../../../tests/support/stack';

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

/** @xmpp/client doing what `ChatClient.connect` does: connect, authenticate, bind, roster, presence. */
export async function peerLogin(stack: StackInfo, key: string): Promise<Peer> {
  const peer = await onlinePeer(stack, key, { roster: true });
  return peer;
}

export const chatMessage = (to: string, body: string) =>
  xml('message', { to, type: 'chat' }, xml('body', {}, body));
