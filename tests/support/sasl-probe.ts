/**
 * A raw XMPP login probe for tests of the login hook: opens a stream over WebSocket (RFC 7395,
 * through the server's proxy, optionally as another client address) or plain TCP (straight to
 * Prosody), sends one SASL PLAIN `<auth/>` and answers `success` or the failure's condition
 * (RFC 6120 §6.5), e.g. `not-authorized` or `temporary-auth-failure`.
 */
import net from 'node:net';
import { WebSocket } from 'ws';

export interface ProbeLogin {
  domain: string;
  username: string;
  password: string;
}

const plain = (login: ProbeLogin) =>
  Buffer.from(`\0${login.username}\0${login.password}`, 'utf8').toString('base64');

const AUTH = (login: ProbeLogin) =>
  `<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>${plain(login)}</auth>`;

function outcome(text: string): string | null {
  if (/<success\b/.test(text)) return 'success';
  const failure = /<failure\b[^>]*>\s*<([a-z-]+)/.exec(text);
  return failure ? failure[1]! : null;
}

/** One login over WebSocket; `forwardedFor` poses as that client address (the test stack trusts it). */
export function saslOverWebSocket(
  url: string,
  login: ProbeLogin,
  options: { forwardedFor?: string; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor;
    const socket = new WebSocket(url, 'xmpp', { headers });
    let sent = false;
    let seen = '';
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`No SASL answer within ${options.timeoutMs ?? 15_000} ms: ${seen}`));
    }, options.timeoutMs ?? 15_000);
    socket.on('open', () =>
      socket.send(`<open xmlns='urn:ietf:params:xml:ns:xmpp-framing' to='${login.domain}' version='1.0'/>`),
    );
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      seen += text;
      if (!sent && /<stream:features|<features/.test(text)) {
        sent = true;
        socket.send(AUTH(login));
        return;
      }
      const result = outcome(text);
      if (result) {
        clearTimeout(timer);
        socket.close();
        resolve(result);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** One login over plain TCP, straight to Prosody's c2s port. */
export function saslOverTcp(port: number, login: ProbeLogin, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffer = '';
    let sent = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No SASL answer within ${timeoutMs} ms: ${buffer}`));
    }, timeoutMs);
    socket.on('connect', () =>
      socket.write(
        `<?xml version='1.0'?><stream:stream to='${login.domain}' xmlns='jabber:client' ` +
          `xmlns:stream='http://etherx.jabber.org/streams' version='1.0'>`,
      ),
    );
    socket.on('data', (data) => {
      buffer += data.toString('utf8');
      if (!sent && buffer.includes('</stream:features>')) {
        sent = true;
        socket.write(AUTH(login));
        return;
      }
      const result = sent ? outcome(buffer.slice(buffer.indexOf('</stream:features>'))) : null;
      if (result) {
        clearTimeout(timer);
        socket.end('</stream:stream>');
        resolve(result);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
