/**
 * Steps of the Messages e2e tests: a fresh provider with a known chat id (signed up and agreed
 * over the API, as workspace-support.ts does), and an @xmpp/client member peer (code we did not
 * write) that sends what the vendor's SDK sends (docs/wire/hosted-chat.md §14.2).
 */
import type { APIRequestContext } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member, personas } from '../../fixtures';
import { chatMessage, historyPeer, type Peer } from '../support/history';
import { qbClient } from '../support/qb';
import { freshProvider } from './workspace-support';

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

/** A fresh provider who agreed to the protocols, with the chat id the chat stack knows them by. */
export async function freshChatProvider(request: APIRequestContext, prefix: string, dataDir?: string) {
  const { email, password, token } = await freshProvider(
    request,
    prefix,
    { firstName: 'Mira', lastName: 'Sol' },
    dataDir,
  );
  const info = await request.get('/api/message/qb/user/getInfo', {
    headers: { ...HEADERS, authToken: token },
  });
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

/**
 * A fresh provider and a member who opened a private dialog with them from the vendor's app
 * (docs/wire/hosted-chat.md §5.1) and is online on a second device.
 */
export async function memberOpensDialog(request: APIRequestContext, prefix: string, memberKey: string) {
  const provider = await freshChatProvider(request, prefix);
  const qb = qbClient(process.env.E2E_BASE_URL!);
  const memberToken = await qb.memberSession(memberKey);
  const dialog = await qb.call('POST', '/chat/Dialog.json', {
    token: memberToken,
    form: { type: 3, occupants_ids: String(provider.chatId) },
  });
  if (dialog.status !== 201) throw new Error(`The member could not open a dialog: ${dialog.status}`);
  const peer = await memberPeer(memberKey);
  return { provider, qb, memberToken, dialogId: dialog.body._id as string, peer };
}
