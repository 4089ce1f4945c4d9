/**
 * Two-sided call tests on the real stack (docs/calls.md): a `src/webrtc` client over our chat
 * client for a member or provider persona, with `@roamhq/wrtc`, and a wait for its next event.
 */
import { member, provider } from '../../fixtures';
import { moduleCarrier, type ChatClient } from '../../src/xmpp';
import {
  createCallClient,
  type CallClient,
  type CallClientOptions,
  type CallEventName,
  type CallEvents,
} from '../../src/webrtc';
import { nodeWrtc } from './call-media';
import { ourClient } from './chat-harness';
import type { StackInfo } from './stack';

export interface CallParty {
  chat: ChatClient;
  calls: CallClient;
  userId: number;
}

/** A member persona by key, or a provider persona (signed in, with the chat login getInfo gives). */
export async function callParty(
  stack: StackInfo,
  who: string | { provider: string },
  options: Partial<CallClientOptions> = {},
): Promise<CallParty> {
  const chat = await ourClient(stack, typeof who === 'string' ? { member: who } : who);
  const userId = typeof who === 'string' ? member(who).chatId : provider(who.provider).chatId;
  const calls = createCallClient({
    carrier: moduleCarrier(chat),
    userId,
    iceServers: [],
    wrtc: nodeWrtc,
    ...options,
  });
  return { chat, calls, userId };
}

export async function leave(party: CallParty | undefined): Promise<void> {
  if (!party) return;
  party.calls.dispose();
  await party.chat.disconnect();
}

/** The next event of a call client that passes `filter`, or a failure after `ms`. */
export function nextCall<K extends CallEventName>(
  calls: CallClient,
  event: K,
  filter: (payload: CallEvents[K]) => boolean = () => true,
  ms = 60_000,
): Promise<CallEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Timed out waiting for the call event ${event}`));
    }, ms);
    const off = calls.on(event, (payload) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}
