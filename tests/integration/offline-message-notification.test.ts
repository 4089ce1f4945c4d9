/**
 * Chat history (issue 4) feeds the notification centre (issue 6): a member's message to a
 * provider with no app socket open becomes one MESSAGE notification per sender.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { apiClient } from '../support/api';
import { allAcknowledged, bsonId, chatMessage, historyPeer, type Peer } from '../support/history';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const api = apiClient(stack);
const peers: Peer[] = [];

afterAll(async () => {
  await Promise.all(peers.map(stopPeer));
});

interface Page {
  records: Array<{ category: string; title: string; body: string; data: Record<string, unknown> }>;
}

describe('a message while the provider is offline', () => {
  it('creates a MESSAGE notification naming the member, once per sender', async () => {
    const daniela = member('daniela');
    const amelia = provider('amelia');
    const token = await api.signInAs('amelia');
    const dialogs = await api.call<{
      items: Array<{ dialogId: string; type: number; client: { id: number } | null }>;
    }>('GET', '/message/qb/doctor/getDialogs', { token });
    const dialog = dialogs.data.items.find((d) => d.type === 3 && d.client?.id === daniela.chatId);
    expect(dialog, 'seeded dialog between Amelia and Daniela').toBeDefined();

    const xmpp = await historyPeer({
      service: `xmpp://127.0.0.1:${stack.c2sPort}`,
      domain: stack.chatDomain,
      username: `${daniela.chatId}-${stack.appId}`,
      password: daniela.chatPassword,
    });
    peers.push(xmpp);
    await xmpp.send(
      chatMessage(amelia.jid, 'Is it normal to spot on day 12?', dialog!.dialogId, { id: bsonId() }),
    );
    await xmpp.send(
      chatMessage(amelia.jid, 'And my temperature went up today.', dialog!.dialogId, { id: bsonId() }),
    );
    await allAcknowledged(xmpp);

    let mine: Page['records'] = [];
    for (let i = 0; i < 50 && mine.length === 0; i++) {
      const page = await api.call<Page>(
        'GET',
        '/message/message/v2/listMessages?category=MESSAGE&unread=1&pageSize=50',
        { token },
      );
      mine = page.data.records.filter((r) => r.title.includes('Daniela') && r.body.includes('temperature'));
      if (mine.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mine).toHaveLength(1);
    const all = await api.call<Page>(
      'GET',
      '/message/message/v2/listMessages?category=MESSAGE&unread=1&pageSize=50',
      { token },
    );
    expect(all.data.records.filter((r) => r.title.includes('Daniela'))).toHaveLength(1);
  });
});
