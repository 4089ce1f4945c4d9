/**
 * Steps of the Messages e2e tests: a fresh provider with a known chat id (signed up and agreed
 * over the API, as workspace-support.ts does), and an @xmpp/client member peer (code we did not
 * write) that sends what the vendor's SDK sends (hosted-chat-wire.md §14.2).
 */
import type { APIRequestContext } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member, personas } from '../../fixtures';
import { chatMessage, historyPeer, type Peer } from '../support/history';
import { uniqueEmail } from './support';

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

export async function freshChatProvider(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = 'Fresh-pass-2026';
  const signUp = await request.post('/api/user/user/sign/up/doctor', {
    headers: HEADERS,
    form: { email, password, firstName: 'Mira', lastName: 'Sol', timezone: 'Europe/London' },
  });
  const { data } = (await signUp.json()) as { data: { token: string } };
  const auth = { ...HEADERS, authToken: data.token };
  const popup = await request.get('/api/user/protocol/getProtocolPopupInfo/new', { headers: auth });
  const ids = ((await popup.json()) as { data: { protocols: Array<{ id: number }> } }).data.protocols.map(
    (p) => p.id,
  );
  await request.post('/api/user/protocol/records/add?platform=web', {
    headers: auth,
    form: { protocolIds: ids.join(',') },
  });
  const info = await request.get('/api/message/qb/user/getInfo', { headers: auth });
  const { quickBloxId } = ((await info.json()) as { data: { quickBloxId: number } }).data;
  return { email, password, chatId: quickBloxId };
}

/**
 * A member online on a second device: roster fetched and presence sent, so it is told of
 * subscription answers (RFC 6121 §2.1.2).
 */
export async function memberPeer(key: string): Promise<Peer> {
  const persona = member(key);
  const url = new URL(process.env.E2E_BASE_URL!);
  const peer = await historyPeer({
    service: `ws://${url.host}/xmpp-websocket`,
    domain: personas.chatApp.domain,
    username: `${persona.chatId}-${personas.chatApp.appId}`,
    password: persona.chatPassword,
    resource: 'e2e-peer',
  });
  await peer.iqCaller.request(xml('iq', { type: 'get' }, xml('query', { xmlns: 'jabber:iq:roster' })));
  await peer.send(xml('presence'));
  return peer;
}

export const providerJid = (chatId: number) =>
  `${chatId}-${personas.chatApp.appId}@${personas.chatApp.domain}`;

export { chatMessage };
