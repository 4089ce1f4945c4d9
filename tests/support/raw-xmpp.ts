/**
 * A hand-driven XMPP stream over WebSocket (RFC 7395) for tests that need to see what the server
 * does to a client that behaves exactly so: log in with SASL PLAIN, bind and enable stream
 * management (XEP-0198) and keep the SM-ID, or try to resume an old one; then stay silent (no
 * answer to pings) and watch the frames and the close.
 */
import { WebSocket } from 'ws';

export interface RawXmppLogin {
  url: string;
  domain: string;
  username: string;
  password: string;
}

export interface RawXmpp {
  readonly frames: string[];
  /** Resolves when the WebSocket closes (either side). */
  readonly closed: Promise<void>;
  isOpen(): boolean;
  send(text: string): void;
  /** The first frame (from now or already seen) matching `pattern`. */
  next(pattern: RegExp, ms?: number): Promise<string>;
  /**
   * Answers the server's pings (XEP-0199 §4.2) the moment each arrives, as a live client does;
   * answers how many so far, and stops answering when told.
   */
  answerPings(domain: string): { answered(): number; stop(): void };
  close(): void;
}

const OPEN = (domain: string) =>
  `<open xmlns='urn:ietf:params:xml:ns:xmpp-framing' to='${domain}' version='1.0'/>`;

export async function openRawXmpp(login: RawXmppLogin): Promise<RawXmpp> {
  const socket = new WebSocket(login.url, 'xmpp');
  const frames: string[] = [];
  const waiters = new Set<() => void>();
  const listeners = new Set<(frame: string) => void>();
  socket.on('message', (data: Buffer) => {
    const frame = data.toString('utf8');
    frames.push(frame);
    for (const listen of [...listeners]) listen(frame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let seen = 0;
  const raw: RawXmpp = {
    frames,
    closed,
    isOpen: () => socket.readyState === WebSocket.OPEN,
    send: (text) => socket.send(text),
    close: () => socket.close(),
    answerPings(domain) {
      let answered = 0;
      const answer = (frame: string) => {
        const id = /<iq[^>]*id=['"](portal-ping-[^'"]+)['"]/.exec(frame)?.[1];
        if (!id) return;
        answered += 1;
        socket.send(`<iq xmlns='jabber:client' type='result' id='${id}' to='${domain}'/>`);
      };
      listeners.add(answer);
      return { answered: () => answered, stop: () => listeners.delete(answer) };
    },
    next: (pattern, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const index = frames.findIndex((f, i) => i >= seen && pattern.test(f));
          if (index < 0) return false;
          seen = index + 1;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(frames[index]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(`No frame matching ${pattern} within ${ms} ms; last: ${frames.slice(-3).join(' | ')}`),
          );
        }, ms);
        if (!look()) waiters.add(look);
      }),
  };
  raw.send(OPEN(login.domain));
  await raw.next(/<stream:features|<features/);
  const plain = Buffer.from(`\0${login.username}\0${login.password}`, 'utf8').toString('base64');
  raw.send(`<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>${plain}</auth>`);
  const outcome = await raw.next(/<success|<failure/);
  if (!outcome.includes('<success')) throw new Error(`SASL failed: ${outcome}`);
  raw.send(OPEN(login.domain));
  await raw.next(/<stream:features|<features/);
  return raw;
}

/** Binds a resource and enables resumable stream management; answers the SM-ID. */
export async function bindAndEnable(raw: RawXmpp): Promise<string> {
  raw.send(
    "<iq type='set' id='bind1' xmlns='jabber:client'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'/></iq>",
  );
  await raw.next(/id=['"]bind1['"]/);
  raw.send("<enable xmlns='urn:xmpp:sm:3' resume='true'/>");
  const enabled = await raw.next(/<enabled\b/);
  const id = /\bid=['"]([^'"]+)['"]/.exec(enabled)?.[1];
  if (!id) throw new Error(`No SM-ID in ${enabled}`);
  return id;
}

/** Tries to resume `previd`; answers the server's `<resumed/>` or `<failed/>` frame. */
export async function tryResume(raw: RawXmpp, previd: string): Promise<string> {
  raw.send(`<resume xmlns='urn:xmpp:sm:3' previd='${previd}' h='0'/>`);
  return raw.next(/<resumed\b|<failed\b/);
}
