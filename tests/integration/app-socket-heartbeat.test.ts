/**
 * Heart-beats on their own stack (STOMP 1.2 "Heart-beating", spec §9): the server's 100000 ms
 * is shortened with APP_SOCKET_HEARTBEAT_MS for this file only, so an idle connection can be
 * watched for a few periods: kept up while the client beats, closed when it goes silent.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSocket } from '../../src/socket';
import { apiClient } from '../support/api';
import { startStack, type TestStack } from '../support/stack';
import { connectRaw, socketUrl } from './app-socket-support';

const BEAT = 400;
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack({ env: { APP_SOCKET_HEARTBEAT_MS: String(BEAT) } });
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

describe('heart-beats', () => {
  it('keep an idle connection up, both ways', async () => {
    const { token } = await apiClient(stack).signUpFresh('beat');
    const peer = await connectRaw(socketUrl(stack.url), token, `${BEAT},${BEAT}`);
    expect(peer.frames.find((f) => f.command === 'CONNECTED')?.headers['heart-beat']).toBe(`${BEAT},${BEAT}`);
    const beating = setInterval(() => peer.sendRaw('\n'), BEAT);
    await new Promise((r) => setTimeout(r, BEAT * 8));
    clearInterval(beating);
    expect(peer.isOpen()).toBe(true);
    expect(peer.heartBeats).toBeGreaterThanOrEqual(5);
    await peer.close();
  });

  it('a client that promised heart-beats and went silent is closed', async () => {
    const { token } = await apiClient(stack).signUpFresh('silent');
    const peer = await connectRaw(socketUrl(stack.url), token, `${BEAT},0`);
    const closed = await Promise.race([
      peer.closed,
      new Promise<null>((r) => setTimeout(() => r(null), BEAT * 10)),
    ]);
    expect(closed?.code).toBe(4002);
  });

  it("the portal's client stays connected through many heart-beat periods", async () => {
    const { token } = await apiClient(stack).signUpFresh('client-beat');
    const socket = createAppSocket({
      url: socketUrl(stack.url),
      token,
      heartbeatMs: BEAT,
      webSocketFactory: (u) => new WebSocket(u, ['v12.stomp']) as never,
    });
    const states: string[] = [];
    socket.on('state', ({ state }) => states.push(state));
    socket.start();
    await new Promise((r) => setTimeout(r, BEAT * 10));
    expect(states).toEqual(['connecting', 'connected']);
    await socket.stop();
  });
});
