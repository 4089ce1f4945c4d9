/**
 * The console acting as a chat user (docs/console.md "Act as any chat user"): a member with her
 * chat login and password, or the provider signed in to the portal in this browser, logged in the
 * way the vendor's app and the portal do (chat-service session, then XMPP with its token;
 * docs/wire/hosted-chat.md §3.1, §12), every call and stanza on the timeline.
 */
import { createChatService } from '../rest';
import { PLATFORM } from '../shared/constants';
import { createChatClient, type ChatClient } from '../xmpp';
import { recorder } from './recorder';

export interface ChatApp {
  appId: number;
  authKey: string;
  authSecret: string;
  hash: 'sha1' | 'sha256';
  apiPath: string;
}

export interface ConsoleChat {
  label: string;
  me: number;
  appId: number;
  domain: string;
  chat: ChatClient;
  close(): Promise<void>;
}

export type SignIn = ({ as: 'member'; login: string; password: string } | { as: 'provider' }) & {
  /** WebSocket (default) or BOSH (wire §12), whose HTTP requests are recorded too. */
  transport?: 'websocket' | 'bosh';
};

async function envelope<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
    data?: T;
  } | null;
  if (!response.ok || body?.code !== 'OK') throw new Error(body?.message ?? `HTTP ${response.status}`);
  return body.data as T;
}

async function memberApp(): Promise<ChatApp> {
  const data = await envelope<{ app: ChatApp }>(await fetch('/console/config.json'));
  return data.app;
}

/** The portal's session token in this browser (spec §3 storage name `authToken`). */
export function providerToken(): string | null {
  return window.localStorage.getItem('authToken');
}

async function providerAccount(label: string) {
  const token = providerToken();
  if (!token) throw new Error('No provider is signed in to the portal in this browser');
  const get = recorder.fetch(`${label} · api`, 'api');
  return envelope<{ login: string; password: string; quickBloxId: number; app: ChatApp }>(
    await get(`/api/message/qb/user/get?platform=${PLATFORM}`, { headers: { authToken: token } }),
  );
}

export async function signIn(request: SignIn): Promise<ConsoleChat> {
  const label = request.as === 'member' ? `member ${request.login}` : 'provider';
  const account =
    request.as === 'member'
      ? { login: request.login, password: request.password, app: await memberApp() }
      : await providerAccount(label);
  const { app } = account;
  const service = createChatService({
    apiUrl: `${window.location.origin}${app.apiPath}`,
    appId: app.appId,
    authKey: app.authKey,
    authSecret: app.authSecret,
    hash: app.hash,
    fetch: recorder.fetch(`${label} · chat-service`, 'chat-service'),
  });
  const session = await service.client.createSession({ login: account.login, password: account.password });
  const settings = await service.accountSettings();
  const { protocol, host, origin } = window.location;
  const bosh = request.transport === 'bosh';
  const chat = createChatClient({
    service: bosh
      ? `${origin}/http-bind`
      : `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/xmpp-websocket`,
    domain: settings.chat_endpoint,
    appId: app.appId,
    resource: `console-${Math.random().toString(36).slice(2, 8)}`,
  });
  const detach = recorder.attachChat(`${label} · chat`, chat, `${label} · bosh`);
  const where = `${label} · chat`;
  chat.session.on('state', (state) => recorder.note(where, `state ${state}`));
  // XEP-0198 resumption as the client saw it, beside the <resume/> and <resumed/> on the wire.
  chat.session.on('resumed', ({ resent }) =>
    recorder.note(where, `stream resumed, ${resent} stanza(s) sent again`),
  );
  chat.session.on('resumeFailed', ({ condition, salvaged }) =>
    recorder.note(where, `resumption failed, ${salvaged} stanza(s) salvaged`, condition ?? 'failed'),
  );
  try {
    await chat.connect({ userId: session.user_id, token: service.client.token! });
  } catch (error) {
    detach();
    throw error;
  }
  return {
    label,
    me: session.user_id,
    appId: app.appId,
    domain: settings.chat_endpoint,
    chat,
    async close() {
      await chat.disconnect();
      detach();
    },
  };
}
