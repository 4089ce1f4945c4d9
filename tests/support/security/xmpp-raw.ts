/**
 * A raw XMPP-over-WebSocket client (RFC 7395) for the stanza fuzzer: it signs in with SASL PLAIN
 * and binds, then sends whatever text it is given, so malformed XML reaches Prosody as written.
 */
import WebSocket from 'ws';

export interface RawXmpp {
  jid: string;
  send(text: string): void;
  /** Resolves with the first received frame that matches, or null on timeout or close. */
  next(match: (frame: string) => boolean, timeoutMs?: number): Promise<string | null>;
  isOpen(): boolean;
  close(): void;
}

export async function rawXmpp(
  url: string,
  domain: string,
  username: string,
  password: string,
): Promise<RawXmpp> {
  const ws = new WebSocket(url, ['xmpp']);
  const frames: string[] = [];
  const seen: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(String(data));
    seen.push(String(data));
    for (const wake of [...waiters]) wake();
  });
  ws.on('close', () => {
    for (const wake of [...waiters]) wake();
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const isOpen = () => ws.readyState === WebSocket.OPEN;
  const next = (match: (frame: string) => boolean, timeoutMs = 60_000) =>
    new Promise<string | null>((resolve) => {
      const check = () => {
        const index = frames.findIndex(match);
        if (index >= 0) {
          const [found] = frames.splice(0, index + 1).slice(-1);
          done(found!);
        } else if (!isOpen()) done(null);
      };
      const done = (value: string | null) => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      waiters.add(check);
      check();
    });
  const open = `<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`;
  const expect = async (match: (f: string) => boolean, what: string) => {
    const frame = await next(match, 60_000);
    if (!frame) throw new Error(`XMPP sign-in: no ${what} (saw ${seen.join(' | ').slice(-700)})`);
    return frame;
  };
  ws.send(open);
  await expect((f) => f.includes('<stream:features') || f.includes('mechanisms'), 'features');
  const auth = Buffer.from(`\0${username}\0${password}`).toString('base64');
  ws.send(`<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${auth}</auth>`);
  await expect((f) => f.includes('<success'), 'SASL success');
  ws.send(open);
  await expect((f) => f.includes('urn:ietf:params:xml:ns:xmpp-bind'), 'bind feature');
  ws.send(
    `<iq xmlns="jabber:client" type="set" id="bind"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"/></iq>`,
  );
  const bound = await expect((f) => f.includes('id="bind"') || f.includes("id='bind'"), 'bind result');
  const jid = /<jid>([^<]+)<\/jid>/.exec(bound)?.[1] ?? '';
  return { jid, send: (text) => ws.send(text), next, isOpen, close: () => ws.close() };
}
