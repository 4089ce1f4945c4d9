/**
 * The providers of the load run (docs/architecture.md §5 "Measured capacity"), each as the portal
 * holds her: a fresh account signed up on one of the two server processes, our chat client
 * (src/xmpp) over that process's WebSocket proxy with its keep-alive, the app socket, and the
 * page's reads of the API at a person's pace.
 */
import { apiClient } from '../../../tests/support/api';
import { wsUrl } from '../../../tests/support/chat-harness';
import type { TestStack } from '../../../tests/support/stack';
import { connectRaw, socketUrl, type RawPeer } from '../../../tests/integration/app-socket-support';
import { createChatClient, type ChatClient } from '../../../src/xmpp';

export interface LoadProvider {
  chatId: number;
  token: string;
  stack: TestStack;
  chat: ChatClient;
  socket: RawPeer;
}

/** Signs a provider up and connects her chat and app socket on `stack`. */
export async function startProvider(stack: TestStack, n: number): Promise<LoadProvider> {
  const api = apiClient(stack);
  const { token, chatId } = await api.signUpFresh(`load${n}`);
  const info = await api.call<{ password: string; quickBloxId: number }>('GET', '/message/qb/user/getInfo', {
    token,
  });
  if (info.code !== 'OK') throw new Error(`getInfo for load provider ${n}: ${info.code}`);
  const chat = createChatClient({ service: wsUrl(stack), domain: stack.chatDomain, appId: stack.appId });
  await chat.connect({ userId: chatId, password: info.data.password });
  const socket = await connectRaw(socketUrl(stack.url), token);
  return { chatId, token, stack, chat, socket };
}

/** Reads the page makes while a provider works (the red dots), one every `everyMs` per provider. */
export function readApiAtPace(providers: LoadProvider[], everyMs: number) {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const loops = providers.map(async (p, i) => {
    await new Promise((r) => setTimeout(r, (everyMs * i) / providers.length));
    while (running) {
      const started = performance.now();
      try {
        const answer = await fetch(`${p.stack.url}/api/message/reddot/refresh`, {
          headers: { apiVersion: '7', os: 'web', authToken: p.token },
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) failed += 1;
      } catch {
        failed += 1;
      }
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  });
  return {
    /** The reads since the last take, and how many failed. */
    take() {
      const taken = { latencies: latencies.splice(0), failed };
      failed = 0;
      return taken;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export async function stopProvider(p: LoadProvider): Promise<void> {
  await Promise.allSettled([p.chat.disconnect(), p.socket.close()]);
}
