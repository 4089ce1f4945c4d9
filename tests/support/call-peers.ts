/**
 * A provider's call client for integration tests: our `src/xmpp` chat connection and `src/webrtc`
 * over it in Node with `@roamhq/wrtc`, sending the member simulator's synthetic media and counting
 * what it receives (scripts/member/synthetic-media.ts, received-media.ts).
 */
import { watchReceivedMedia, type ReceivedMedia } from '../../scripts/member/received-media';
import { startSyntheticMedia, type SyntheticMedia } from '../../scripts/member/synthetic-media';
import { provider } from '../../fixtures';
import { createCallClient, type CallClient, type CallSession } from '../../src/webrtc';
import { moduleCarrier, type ChatClient } from '../../src/xmpp';
import { nodeWrtc } from './call-media';
import { ourClient } from './chat-harness';
import type { StackInfo } from './stack';

export interface ProviderCalls {
  chatId: number;
  chat: ChatClient;
  calls: CallClient;
  /** Media sent in a session (started by {@link ProviderCalls.media}), stopped by `close`. */
  media(audioOnly?: boolean): SyntheticMedia;
  /** Counts what arrives in the session from now on (its first remote stream). */
  receive(session: CallSession): { received: Promise<ReceivedMedia> };
  close(): Promise<void>;
}

export async function providerCalls(stack: StackInfo, key: string): Promise<ProviderCalls> {
  const chat = await ourClient(stack, { provider: key });
  const chatId = provider(key).chatId;
  const calls = createCallClient({
    carrier: moduleCarrier(chat),
    userId: chatId,
    iceServers: [],
    wrtc: nodeWrtc,
  });
  const started: SyntheticMedia[] = [];
  const watching: ReceivedMedia[] = [];
  return {
    chatId,
    chat,
    calls,
    media(audioOnly = false) {
      const media = startSyntheticMedia({ audioOnly });
      started.push(media);
      return media;
    },
    receive(session) {
      const received = new Promise<ReceivedMedia>((resolve) => {
        const existing = session.peerIds.map((id) => session.remoteStream(id)).find(Boolean);
        const watch = (stream: MediaStream) => {
          const media = watchReceivedMedia(stream, () => undefined);
          watching.push(media);
          resolve(media);
        };
        if (existing) watch(existing);
        else {
          const off = session.on('remoteStream', ({ stream }) => {
            off();
            watch(stream);
          });
        }
      });
      return { received };
    },
    async close() {
      calls.dispose();
      for (const m of started) m.stop();
      for (const w of watching) w.stop();
      await chat.disconnect();
    },
  };
}

/** Resolves once `count()` reaches `atLeast`, or fails after `ms` saying how far it got. */
export async function untilCount(
  count: () => number,
  atLeast: number,
  what: string,
  ms = 60_000,
): Promise<number> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const n = count();
    if (n >= atLeast) return n;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: ${count()} after ${ms} ms, expected at least ${atLeast}`);
}
