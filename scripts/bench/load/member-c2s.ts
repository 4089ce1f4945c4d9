/**
 * A member of the load run (docs/architecture.md §5 "Measured capacity"): one c2s stream over
 * plain TCP (RFC 6120: stream, SASL PLAIN, resource binding, initial presence) that writes its
 * stanzas as strings and reads only what the run counts. A full client library per member made the
 * load generator the busiest process of the machine (@xmpp/client: 0.28 core for 250 messages a
 * second with their markers) before Prosody was; this one spends a few microseconds a stanza.
 * Prosody's stanzas arrive serialised by util.stanza, whose attribute values and text escape `<`
 * and `>`, so one element ends at the `>` whose depth returns to the stream's.
 */
import net from 'node:net';
import { escapeXml } from '../../../src/xmpp/xml/element';

/** What the run hears of a top-level element of the stream: its name and raw text. */
export type StanzaListener = (name: string, text: string) => void;

export interface C2sMember {
  readonly jid: string;
  /** Writes one stanza; nothing is written once the stream has ended. */
  write(stanza: string): void;
  onStanza(listener: StanzaListener): void;
  close(): Promise<void>;
}

export interface C2sLogin {
  host: string;
  port: number;
  domain: string;
  username: string;
  password: string;
  resource: string;
}

const STREAM_NS = 'http://etherx.jabber.org/streams';
const streamHeader = (domain: string) =>
  `<?xml version='1.0'?><stream:stream to='${escapeXml(domain)}' version='1.0' xmlns='jabber:client' xmlns:stream='${STREAM_NS}'>`;

/**
 * Splits the stream's text into top-level elements (depth 1 under `<stream:stream>`), keeping
 * what is not complete yet for the next chunk.
 */
export function createSplitter(onElement: (name: string, text: string) => void) {
  let buffer = '';
  let depth = 0;
  let start = -1;
  let scanned = 0;
  return (chunk: string): void => {
    buffer += chunk;
    let at = scanned;
    for (;;) {
      const open = buffer.indexOf('<', at);
      if (open < 0) break;
      const close = buffer.indexOf('>', open);
      if (close < 0) {
        at = open;
        break;
      }
      const kind = buffer.charCodeAt(open + 1);
      if (kind === 63 /* ? */ || kind === 33 /* ! */) {
        at = close + 1;
        continue;
      }
      if (kind === 47 /* / */) {
        depth -= 1;
        if (depth === 1 && start >= 0) {
          const text = buffer.slice(start, close + 1);
          onElement(nameAt(text), text);
          start = -1;
        }
      } else {
        if (depth === 1) start = open;
        const selfClosing = buffer.charCodeAt(close - 1) === 47;
        if (!selfClosing) depth += 1;
        else if (depth === 1) {
          const text = buffer.slice(open, close + 1);
          onElement(nameAt(text), text);
          start = -1;
        }
      }
      at = close + 1;
    }
    // Keep only the unfinished element (or nothing), so the buffer does not grow with the stream.
    const keep = start >= 0 ? start : at;
    buffer = buffer.slice(keep);
    if (start >= 0) start = 0;
    scanned = at - keep;
  };
}

function nameAt(text: string): string {
  let end = 1;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13) break;
    end += 1;
  }
  return text.slice(1, end);
}

/** Connects, authenticates, binds and sends presence; rejects on a failure or after 60 s. */
export function connectMember(login: C2sLogin): Promise<C2sMember> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: login.host, port: login.port, noDelay: true });
    socket.setEncoding('utf8');
    let open = true;
    let phase: 'auth' | 'bind' | 'online' = 'auth';
    let jid = '';
    const listeners: StanzaListener[] = [];
    const timer = setTimeout(() => fail(new Error('c2s login timed out')), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const write = (text: string) => {
      if (open) socket.write(text);
    };
    const member: C2sMember = {
      get jid() {
        return jid;
      },
      write,
      onStanza: (listener) => listeners.push(listener),
      close: () =>
        new Promise<void>((done) => {
          if (!open) return done();
          socket.once('close', () => done());
          socket.end('<presence type="unavailable"/></stream:stream>');
          setTimeout(() => socket.destroy(), 2000).unref();
        }),
    };
    const online = (name: string, text: string) => {
      for (const listener of listeners) listener(name, text);
    };
    let split = createSplitter(handshake);
    function handshake(name: string, text: string): void {
      if (phase === 'online') return online(name, text);
      if (name === 'stream:features' && phase === 'auth') {
        const plain = Buffer.from(`\0${login.username}\0${login.password}`).toString('base64');
        return write(`<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>${plain}</auth>`);
      }
      if (name === 'failure') return fail(new Error(`c2s authentication failed: ${text}`));
      if (name === 'success') {
        phase = 'bind';
        // A new stream after SASL (RFC 6120 §6.4.6): a new splitter for its header.
        split = createSplitter(handshake);
        return write(streamHeader(login.domain));
      }
      if (name === 'stream:features' && phase === 'bind') {
        return write(
          `<iq type='set' id='bind'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'><resource>${escapeXml(login.resource)}</resource></bind></iq>`,
        );
      }
      if (name === 'iq' && phase === 'bind') {
        const bound = /<jid>([^<]+)<\/jid>/.exec(text);
        if (!bound) return fail(new Error(`c2s bind failed: ${text}`));
        jid = bound[1]!;
        phase = 'online';
        write('<presence/>');
        clearTimeout(timer);
        return resolve(member);
      }
      if (name === 'stream:error') fail(new Error(`c2s stream error: ${text}`));
    }
    socket.on('data', (chunk: string) => split(chunk));
    socket.on('connect', () => write(streamHeader(login.domain)));
    socket.on('error', (error) => fail(error));
    socket.on('close', () => {
      open = false;
      clearTimeout(timer);
      reject(new Error('c2s stream closed during login'));
    });
  });
}
