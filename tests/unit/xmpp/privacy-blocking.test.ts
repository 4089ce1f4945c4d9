/** Wire §18 privacy lists (XEP-0016) and XEP-0191 blocking. */
import { describe, expect, it } from 'vitest';
import { connectedTestClient, parseXml, type MockTransport } from '../../../src/xmpp/testing';
import type { XmlElement } from '../../../src/xmpp/xml/element';

const PRIVACY = 'jabber:iq:privacy';
const nextIq = (mock: MockTransport) => mock.catchOutgoing((e) => e.name === 'iq');

describe('privacy lists', () => {
  it('creates two items per user in ascending order; a mutual block is an empty item', async () => {
    const { client, mock } = await connectedTestClient();
    const out = nextIq(mock);
    const created = client.privacy.create({
      name: 'blockedusers',
      items: [
        { user_id: 200002, action: 'deny', mutualBlock: true },
        { user_id: 200001, action: 'allow' },
      ],
    });
    const iq = await out;
    expect(iq.attrs).toMatchObject({ type: 'set' });
    expect(iq.attrs.id).toMatch(/:edit$/);
    const kinds = '<message/><presence-in/><presence-out/><iq/>';
    expect(iq.child('query', PRIVACY)?.toString()).toBe(
      `<query xmlns="${PRIVACY}"><list name="blockedusers">` +
        `<item type="jid" value="200001-1001@localhost" action="allow" order="1">${kinds}</item>` +
        `<item type="jid" value="muc.localhost/200001" action="allow" order="2">${kinds}</item>` +
        '<item type="jid" value="200002-1001@localhost" action="deny" order="3"/>' +
        '<item type="jid" value="muc.localhost/200002" action="deny" order="4"/></list></query>',
    );
    mock.reply(iq);
    await created;
  });

  it('reads a list, merges updates by user and reports names with default and active', async () => {
    const { client, mock } = await connectedTestClient();
    const listAnswer = (items: string) =>
      parseXml(`<query xmlns="${PRIVACY}"><list name="l">${items}</list></query>`);
    let out = nextIq(mock);
    const update = client.privacy.update({ name: 'l', items: [{ user_id: 200003, action: 'deny' }] });
    let iq = await out;
    expect(iq.attrs.id).toMatch(/:getlist$/);
    out = nextIq(mock);
    mock.reply(
      iq,
      listAnswer(
        '<item type="jid" value="200001-1001@localhost" action="deny" order="1"/><item type="jid" value="muc.localhost/200001" action="deny" order="2"/>' +
          '<item type="jid" value="200003-1001@localhost" action="allow" order="3"><message/></item><item type="jid" value="muc.localhost/200003" action="allow" order="4"><message/></item>',
      ),
    );
    iq = await out;
    const values = iq
      .descendant('list')!
      .elements('item')
      .map((i: XmlElement) => `${i.attrs.value} ${i.attrs.action} ${i.elements().length}`);
    expect(values).toEqual([
      '200001-1001@localhost deny 0',
      'muc.localhost/200001 deny 0',
      '200003-1001@localhost deny 4',
      'muc.localhost/200003 deny 4',
    ]);
    mock.reply(iq);
    await update;

    out = nextIq(mock);
    const got = client.privacy.getList('l');
    mock.reply(
      await out,
      listAnswer('<item type="jid" value="200001-1001@localhost" action="deny" order="1"/>'),
    );
    expect(await got).toEqual({ name: 'l', items: [{ user_id: 200001, action: 'deny', mutualBlock: true }] });

    out = nextIq(mock);
    const names = client.privacy.getNames();
    iq = await out;
    expect(iq.toString()).toContain(`<query xmlns="${PRIVACY}"/>`);
    mock.reply(
      iq,
      parseXml(
        `<query xmlns="${PRIVACY}"><active name="l"/><default name="l"/><list name="l"/><list name="other"/></query>`,
      ),
    );
    expect(await names).toEqual({ default: 'l', active: 'l', names: ['l', 'other'] });
  });

  it('creates a missing list on update', async () => {
    const { client, mock } = await connectedTestClient();
    let out = nextIq(mock);
    const update = client.privacy.update({ name: 'new', items: [{ user_id: 200001, action: 'deny' }] });
    const get = await out;
    out = nextIq(mock);
    mock.mockInput(
      `<iq type="error" id="${get.attrs.id}"><error type="cancel"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
    );
    const set = await out;
    expect(set.descendant('list')?.elements('item')).toHaveLength(2);
    mock.reply(set);
    await update;
  });

  it('sets the default and then the active list; declining sends empty elements', async () => {
    const { client, mock } = await connectedTestClient();
    let out = nextIq(mock);
    const chosen = client.privacy.setAsDefault('l');
    let iq = await out;
    expect(iq.attrs.id).toMatch(/:default$/);
    expect(iq.toString()).toContain('<default name="l"/>');
    out = nextIq(mock);
    mock.reply(iq);
    iq = await out;
    expect(iq.attrs.id).toMatch(/:active1$/);
    expect(iq.toString()).toContain('<active name="l"/>');
    mock.reply(iq);
    await chosen;
    out = nextIq(mock);
    const declined = client.privacy.setAsActive(null);
    iq = await out;
    expect(iq.toString()).toContain('<active/>');
    mock.reply(iq);
    await declined;
    out = nextIq(mock);
    const deleted = client.privacy.delete('l');
    iq = await out;
    expect(iq.attrs.id).toMatch(/:remove$/);
    mock.reply(iq);
    await deleted;
  });
});

describe('blocking', () => {
  it('blocks, unblocks and lists users', async () => {
    const { client, mock } = await connectedTestClient();
    let out = nextIq(mock);
    const blocked = client.blocking.block([200001, '200002-1001@localhost/x']);
    let iq = await out;
    expect(iq.toString()).toContain(
      '<block xmlns="urn:xmpp:blocking"><item jid="200001-1001@localhost"/><item jid="200002-1001@localhost"/></block>',
    );
    mock.reply(iq);
    await blocked;
    out = nextIq(mock);
    const list = client.blocking.list();
    mock.reply(
      await out,
      parseXml('<blocklist xmlns="urn:xmpp:blocking"><item jid="200001-1001@localhost"/></blocklist>'),
    );
    expect(await list).toEqual([200001]);
    out = nextIq(mock);
    const unblocked = client.blocking.unblock([]);
    iq = await out;
    expect(iq.toString()).toContain('<unblock xmlns="urn:xmpp:blocking"/>');
    mock.reply(iq);
    await unblocked;
  });

  it('answers the server’s pushes and tells of blocks and unblocks made by any of the account’s resources', async () => {
    const { client, mock } = await connectedTestClient();
    const pushes: unknown[] = [];
    client.blocking.on('changed', (push) => pushes.push(push));
    const answer = (id: string) => mock.catchOutgoing((e) => e.name === 'iq' && e.attrs.id === id);
    let answered = answer('push1');
    mock.mockInput(
      '<iq type="set" id="push1" to="100001-1001@localhost/test"><block xmlns="urn:xmpp:blocking"><item jid="200003-1001@localhost"/></block></iq>',
    );
    expect((await answered).attrs.type).toBe('result');
    answered = answer('push2');
    mock.mockInput(
      '<iq type="set" id="push2" from="100001-1001@localhost"><unblock xmlns="urn:xmpp:blocking"><item jid="200003-1001@localhost"/></unblock></iq>',
    );
    await answered;
    answered = answer('push3');
    mock.mockInput('<iq type="set" id="push3"><unblock xmlns="urn:xmpp:blocking"/></iq>');
    await answered;
    // Only the account itself pushes its list: anyone else's is answered and ignored.
    answered = answer('forged');
    mock.mockInput(
      '<iq type="set" id="forged" from="200003-1001@localhost/x"><unblock xmlns="urn:xmpp:blocking"/></iq>',
    );
    await answered;
    expect(pushes).toEqual([
      { kind: 'block', userIds: [200003] },
      { kind: 'unblock', userIds: [200003] },
      { kind: 'unblock-all' },
    ]);
  });
});
