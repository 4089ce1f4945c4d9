/** Wire §15: the ping API's argument rules and texts, answering pings, last activity. */
import { describe, expect, it } from 'vitest';
import { PING_INVALID_ARGUMENTS, type XmppError } from '../../../src/xmpp';
import { connectedTestClient, parseXml } from '../../../src/xmpp/testing';

describe('ping', () => {
  it('accepts (callback) or (user id or JID, callback) and nothing else', async () => {
    const { client } = await connectedTestClient();
    const ping = client.ping as unknown as (...args: unknown[]) => string;
    for (const args of [
      [],
      ['x'],
      [1, 2],
      [() => undefined, 1],
      [{}, () => undefined],
      [1, () => undefined, 3],
    ]) {
      expect(() => ping(...args)).toThrow(PING_INVALID_ARGUMENTS);
    }
  });

  it("calls back with null on any answer and 'No answer' after the 1 s time-out", async () => {
    const { client, mock, scheduler } = await connectedTestClient();
    const results: Array<XmppError | null> = [];
    const out = mock.catchOutgoing('iq');
    const id = client.ping((e) => results.push(e));
    const iq = await out;
    expect(iq.attrs).toMatchObject({ type: 'get', to: 'localhost', id });
    expect(id).toMatch(/:ping$/);
    await scheduler.advanceAsync(10);
    expect(results).toEqual([null]);
    mock.options.autoRespond = false;
    const toUser = mock.catchOutgoing('iq');
    client.ping(200001, (e) => results.push(e));
    const userIq = await toUser;
    expect(userIq.attrs.to).toBe('200001-1001@localhost');
    await scheduler.advanceAsync(999);
    expect(results).toHaveLength(1);
    await scheduler.advanceAsync(1);
    expect(results[1]?.message).toBe('No answer');
    client.ping('200002-1001@localhost', (e) => results.push(e));
    const errorIq = mock.sent.at(-1)!;
    mock.mockInput(
      `<iq type="error" id="${errorIq.attrs.id}"><error type="cancel"><service-unavailable xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
    );
    await scheduler.advanceAsync(0);
    expect(results[2]).toBeNull();
  });

  it('answers pings addressed to us', async () => {
    const { mock } = await connectedTestClient();
    const out = mock.catchOutgoing((e) => e.attrs.id === 'srv1');
    mock.mockInput(`<iq type="get" id="srv1" from="localhost"><ping xmlns="urn:xmpp:ping"/></iq>`);
    expect((await out).toString()).toBe('<iq type="result" id="srv1" to="localhost"/>');
  });
});

describe('last activity', () => {
  it('asks jabber:iq:last and resolves with seconds, firing the listener', async () => {
    const { client, mock } = await connectedTestClient();
    const events: Array<{ userId: number | null; seconds: number | null }> = [];
    client.lastActivity.on('result', (e) => events.push(e));
    const out = mock.catchOutgoing('iq');
    const seconds = client.getLastUserActivity(200001);
    const iq = await out;
    expect(iq.attrs.id).toMatch(/:lastActivity$/);
    expect(iq.toString()).toContain('<query xmlns="jabber:iq:last"/>');
    mock.reply(iq, parseXml('<query xmlns="jabber:iq:last" seconds="42"/>'));
    expect(await seconds).toBe(42);
    const failing = mock.catchOutgoing('iq');
    const refused = client.getLastUserActivity('200002-1001@localhost');
    mock.mockInput(
      `<iq type="error" id="${(await failing).attrs.id}"><error type="auth"><forbidden xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
    );
    await expect(refused).rejects.toMatchObject({ condition: 'forbidden' });
    expect(events).toEqual([
      { userId: 200001, seconds: 42 },
      { userId: 200002, seconds: null },
    ]);
  });
});
