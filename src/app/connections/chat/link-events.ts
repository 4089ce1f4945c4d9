/**
 * From the chat stack's connection events to the link the user is told about (spec §4 connection
 * states): drops, reconnects and resumptions (then what waited is sent), and a session that
 * expired or a re-login that was refused (spec §4, §8 AUTHFAIL): renewed quietly.
 */
import { ApiError } from '../../../rest';
import type { ChatConnectionState } from './chat-link';
import type { ChatRuntime } from './types';

/** After the chat-service session expired or a re-login was refused (spec §4, §8 AUTHFAIL). */
async function renewQuietly(runtime: ChatRuntime, state: ChatConnectionState): Promise<void> {
  try {
    await runtime.renew();
  } catch (error) {
    console.warn('Chat session renewal', error);
    state.report('offline');
    // The portal session is over: no chat outlives it (docs/architecture.md §3). Other failures (network)
    // leave the reconnect loop running.
    if (error instanceof ApiError && error.code.startsWith('TOKEN_ERR')) await runtime.chat.disconnect();
  }
}

export function wireLink(runtime: ChatRuntime, state: ChatConnectionState): () => void {
  const { chat } = runtime;
  const online = () => state.report(chat.isConnected ? 'online' : 'reconnecting');
  const offline = () => state.report('offline');
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  const offs = [
    chat.session.on('state', (next) => {
      if ((next === 'connected' || next === 'attached') && state.get().runtime) state.report('online');
    }),
    chat.session.on('disconnected', (info) => {
      if (!info.intentional) state.report(info.willReconnect ? 'reconnecting' : 'offline');
    }),
    chat.on('reconnect', () => {
      state.report('online');
      runtime.outbox.flush();
    }),
    chat.session.on('resumed', () => {
      state.report('online');
      runtime.outbox.flush();
    }),
    chat.session.on('sessionExpired', () => void renewQuietly(runtime, state)),
    // Every AUTHFAIL is raised here, the first login's too (spec §8); the first login reports its
    // own failure (chat-connection run), so only a refused re-login renews the session.
    chat.session.on('reconnectFailed', () => {
      if (state.get().runtime) void renewQuietly(runtime, state);
    }),
  ];
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    for (const off of offs) off();
  };
}
