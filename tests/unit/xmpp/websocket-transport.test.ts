/**
 * The WebSocket transport (RFC 7395) against scripted servers on loopback: SCRAM-SHA-1 or PLAIN
 * (wire §12), the stream restart, the explicit bind and the session a server may require, the
 * statuses the session maps (wire §13.1), stream errors, frames that are not XML, and a socket
 * ended while it still connects.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatClient, STATUS_CONNFAIL, STATUS_ERROR, type ConnectionState } from '../../../src/xmpp';
import { createTransport } from '../../../src/xmpp/transport/create-transport';
import type { TransportStatus } from '../../../src/xmpp/transport/types';
import { createWebSocketTransport } from '../../../src/xmpp/transport/websocket-transport';
import { xml, type XmlElement } from '../../../src/xmpp/xml/element';

const OPEN =
  '<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" from="localhost" id="s1" version="1.0" xml:lang="en"/>';
const features = (inner: string) =>
  `<stream:features xmlns="jabber:client" xmlns:stream="http://etherx.jabber.org/streams">${inner}</stream:features>`;
const mechanisms = (...names: string[]) =>
  `<mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl">${names.map((n) => `<mechanism>${n}</mechanism>`).join('')}</mechanisms>`;
const BIND = '<bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"/>';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');
const payloadOf = (frame: string) => unb64(/>([^<]*)</.exec(frame)?.[1] ?? '');
const idOf = (frame: string) => /id="([^"]+)"/.exec(frame)![1]!;

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.clients.forEach((c) => c.terminate());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A WebSocket server on loopback whose answers `script` writes; it keeps every frame received. */
async function scripted(script: (frame: string, socket: WebSocket, frames: string[]) => void) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'xmpp' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const frames: string[] = [];
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      frames.push(String(data));
      script(String(data), socket, frames);
    }),
  );
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/xmpp-websocket`, frames };
}

/** The server side of SCRAM-SHA-1 (RFC 5802) for one password, with a bad signature when asked. */
function scramServer(password: string, lie = false) {
  const salt = randomBytes(16);
  const iterations = 4096;
  let clientFirstBare = '';
  let serverFirst = '';
  return {
    first(clientFirst: string) {
      clientFirstBare = clientFirst.slice(3);
      const nonce = /r=([^,]+)/.exec(clientFirst)![1]!;
      serverFirst = `r=${nonce}${randomBytes(8).toString('hex')},s=${salt.toString('base64')},i=${iterations}`;
      return serverFirst;
    },
    /** The server-final message, or null when the proof is wrong. */
    final(clientFinal: string): string | null {
      const withoutProof = clientFinal.slice(0, clientFinal.indexOf(',p='));
      const proof = Buffer.from(clientFinal.slice(clientFinal.indexOf(',p=') + 3), 'base64');
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const salted = pbkdf2Sync(password, salt, iterations, 20, 'sha1');
      const clientKey = createHmac('sha1', salted).update('Client Key').digest();
      const storedKey = createHash('sha1').update(clientKey).digest();
      const signature = createHmac('sha1', storedKey).update(authMessage).digest();
      const recovered = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
      if (!createHash('sha1').update(recovered).digest().equals(storedKey)) return null;
      const serverKey = createHmac('sha1', salted).update('Server Key').digest();
      const verifier = createHmac('sha1', serverKey).update(authMessage).digest();
      return `v=${(lie ? randomBytes(20) : verifier).toString('base64')}`;
    },
  };
}

/** A Prosody-like server: SASL as `offer` says, then bind (and a session when `session` says so). */
function xmppServer(options: {
  offer: string[];
  password: string;
  session?: 'required' | 'optional';
  lie?: boolean;
}) {
  const scram = scramServer(options.password, options.lie);
  let authenticated = false;
  return (frame: string, socket: WebSocket) => {
    if (frame.startsWith('<open')) {
      socket.send(OPEN);
      const session =
        options.session === undefined
          ? ''
          : `<session xmlns="urn:ietf:params:xml:ns:xmpp-session">${options.session === 'optional' ? '<optional/>' : ''}</session>`;
      socket.send(features(authenticated ? BIND + session : mechanisms(...options.offer)));
    } else if (frame.startsWith('<auth') && frame.includes('SCRAM-SHA-1')) {
      socket.send(
        `<challenge xmlns="urn:ietf:params:xml:ns:xmpp-sasl">${b64(scram.first(payloadOf(frame)))}</challenge>`,
      );
    } else if (frame.startsWith('<response')) {
      const final = scram.final(payloadOf(frame));
      if (final === null) {
        socket.send('<failure xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><not-authorized/></failure>');
        return;
      }
      authenticated = true;
      socket.send(`<success xmlns="urn:ietf:params:xml:ns:xmpp-sasl">${b64(final)}</success>`);
    } else if (frame.startsWith('<auth')) {
      const [, node, password] = payloadOf(frame).split('\u0000');
      const ok = node === '100001-1001' && password === options.password;
      authenticated = ok;
      socket.send(
        ok
          ? '<success xmlns="urn:ietf:params:xml:ns:xmpp-sasl"/>'
          : '<failure xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><not-authorized/></failure>',
      );
    } else if (frame.includes('urn:ietf:params:xml:ns:xmpp-bind')) {
      socket.send(
        `<iq xmlns="jabber:client" type="result" id="${idOf(frame)}"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><jid>100001-1001@localhost/r-1</jid></bind></iq>`,
      );
    } else if (frame.includes('urn:ietf:params:xml:ns:xmpp-session')) {
      socket.send(`<iq xmlns="jabber:client" type="result" id="${idOf(frame)}"/>`);
    }
  };
}

/** A transport on `url` whose statuses and received elements are kept; `bind` binds when asked. */
function attempt(url: string, bind = true) {
  const statuses: Array<[TransportStatus, string | null]> = [];
  const received: XmlElement[] = [];
  const transport = createWebSocketTransport(
    { kind: 'websocket', service: url },
    {
      onStatus: (status, condition) => {
        statuses.push([status, condition]);
        if (status === 'bind-required' && bind) transport.bind();
      },
      onElement: (element) => received.push(element),
    },
  );
  const until = async (status: TransportStatus) => {
    const deadline = Date.now() + 5_000;
    while (!statuses.some(([s]) => s === status)) {
      if (Date.now() > deadline) throw new Error(`no ${status}: ${JSON.stringify(statuses)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { transport, statuses, received, until };
}

describe('WebSocket transport: logging in', () => {
  it('takes SCRAM-SHA-1 over PLAIN, restarts the stream, binds its resource and reports what Strophe did', async () => {
    const server = await scripted(
      xmppServer({ offer: ['PLAIN', 'SCRAM-SHA-1'], password: 'pw', session: 'optional' }),
    );
    const { transport, statuses, until } = attempt(server.url);
    transport.connect('100001-1001@localhost/r-1', 'pw');
    await until('connected');
    expect(statuses.map(([s]) => s)).toEqual(['connecting', 'authenticating', 'bind-required', 'connected']);
    expect(transport.boundJid).toBe('100001-1001@localhost/r-1');
    expect(server.frames[0]).toBe(
      '<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="localhost" version="1.0"/>',
    );
    expect(server.frames[1]).toMatch(
      /^<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="SCRAM-SHA-1">/,
    );
    expect(payloadOf(server.frames[1]!)).toMatch(/^n,,n=100001-1001,r=[A-Za-z0-9+/=]+$/);
    expect(server.frames[3]).toBe(server.frames[0]);
    expect(server.frames[4]).toMatch(
      /<bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><resource>r-1<\/resource><\/bind>/,
    );
    // The session was optional: nothing more before online.
    expect(server.frames).toHaveLength(5);
    transport.drop();
  });

  it("sends the session's resumption right behind the restart's <open/>, before the new features (XEP-0305 §2)", async () => {
    // A server that holds its post-authentication features until it has read the next frame: a
    // transport that waited for them before sending the <resume/> would never get them.
    let restarted: WebSocket | null = null;
    const base = xmppServer({ offer: ['PLAIN'], password: 'pw' });
    const server = await scripted((frame, socket, frames) => {
      if (frame.startsWith('<open') && frames.some((f) => f.startsWith('<auth'))) {
        restarted = socket;
        return;
      }
      if (frame.startsWith('<resume') && restarted) {
        restarted.send(OPEN);
        restarted.send(features(BIND + '<sm xmlns="urn:xmpp:sm:3"/>'));
        restarted.send('<resumed xmlns="urn:xmpp:sm:3" h="3" previd="sm-1"/>');
        return;
      }
      base(frame, socket);
    });
    const resume = xml('resume', { xmlns: 'urn:xmpp:sm:3', h: '5', previd: 'sm-1' });
    const statuses: TransportStatus[] = [];
    const received: XmlElement[] = [];
    let asked = 0;
    const transport = createWebSocketTransport(
      { kind: 'websocket', service: server.url },
      {
        onStatus: (status) => void statuses.push(status),
        onElement: (element) => void received.push(element),
        afterAuthentication: () => {
          asked += 1;
          return resume;
        },
      },
    );
    transport.connect('100001-1001@localhost/r', 'pw');
    const deadline = Date.now() + 5_000;
    while (!received.some((e) => e.name === 'resumed') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(asked).toBe(1);
    expect(server.frames.slice(2)).toEqual([
      '<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="localhost" version="1.0"/>',
      '<resume xmlns="urn:xmpp:sm:3" h="5" previd="sm-1"/>',
    ]);
    expect(statuses).toEqual(['connecting', 'authenticating', 'bind-required']);
    expect(received.map((e) => e.name)).toEqual(['stream:features', 'success', 'stream:features', 'resumed']);
    transport.drop();
  });

  it('refuses a server that cannot prove it knows the password (SCRAM server signature)', async () => {
    const server = await scripted(xmppServer({ offer: ['SCRAM-SHA-1'], password: 'pw', lie: true }));
    const { transport, statuses, until } = attempt(server.url);
    transport.connect('100001-1001@localhost/r', 'pw');
    await until('authfail');
    expect(statuses.at(-1)).toEqual(['authfail', 'server-signature-mismatch']);
    transport.disconnect();
    await until('disconnected');
  });

  it('reports a wrong password as authfail with its condition, and closes when told', async () => {
    for (const offer of [['PLAIN'], ['SCRAM-SHA-1']]) {
      const server = await scripted(xmppServer({ offer, password: 'pw' }));
      const { transport, statuses, until } = attempt(server.url);
      transport.connect('100001-1001@localhost/r', 'wrong');
      await until('authfail');
      expect(statuses.at(-1)).toEqual(['authfail', 'not-authorized']);
      transport.disconnect();
      await until('disconnected');
      expect(statuses.map(([s]) => s).slice(-2)).toEqual(['disconnecting', 'disconnected']);
      expect(server.frames.at(-1)).toBe('<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>');
    }
  });

  it('sends PLAIN as RFC 4616 without an authorization identity when only PLAIN is offered', async () => {
    const server = await scripted(xmppServer({ offer: ['PLAIN'], password: 'pässword' }));
    const { transport, until } = attempt(server.url);
    transport.connect('100001-1001@localhost/r', 'pässword');
    await until('connected');
    expect(payloadOf(server.frames[1]!)).toBe('\u0000100001-1001\u0000pässword');
    transport.drop();
  });

  it('asks for the session a server requires (RFC 3921 §3) before reporting connected', async () => {
    const server = await scripted(xmppServer({ offer: ['PLAIN'], password: 'pw', session: 'required' }));
    const { transport, until } = attempt(server.url);
    transport.connect('100001-1001@localhost/r', 'pw');
    await until('connected');
    expect(server.frames.at(-1)).toMatch(/<session xmlns="urn:ietf:params:xml:ns:xmpp-session"\/>/);
    transport.drop();
  });

  it('fails with no-auth-mech when the server offers nothing it speaks', async () => {
    const server = await scripted(xmppServer({ offer: ['EXTERNAL'], password: 'pw' }));
    const { transport, statuses, until } = attempt(server.url);
    transport.connect('100001-1001@localhost/r', 'pw');
    await until('disconnected');
    expect(statuses.map(([s, c]) => `${s} ${c}`)).toEqual([
      'connecting null',
      'connfail no-auth-mech',
      'disconnected null',
    ]);
  });

  it('reports a bind the server refuses with its condition (conflict)', async () => {
    const login = xmppServer({ offer: ['PLAIN'], password: 'pw' });
    const server = await scripted((frame, socket) => {
      if (!frame.includes('xmpp-bind')) return login(frame, socket);
      socket.send(
        `<iq xmlns="jabber:client" type="error" id="${idOf(frame)}"><error type="cancel"><conflict xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
      );
    });
    const { transport, statuses, until } = attempt(server.url);
    transport.connect('100001-1001@localhost/r', 'pw');
    await until('disconnected');
    expect(statuses.map(([s, c]) => `${s} ${c}`)).toEqual([
      'connecting null',
      'authenticating null',
      'bind-required null',
      'connfail conflict',
      'disconnected null',
    ]);
    expect(transport.boundJid).toBe('');
  });
});

/** Logs a transport in with PLAIN on a server that then does what `after` says with each frame. */
async function online(after: (frame: string, socket: WebSocket) => void) {
  const login = xmppServer({ offer: ['PLAIN'], password: 'pw' });
  let bound = false;
  const server = await scripted((frame, socket) => {
    if (bound) return after(frame, socket);
    login(frame, socket);
    bound = frame.includes('xmpp-bind');
  });
  const session = attempt(server.url);
  session.transport.connect('100001-1001@localhost/r', 'pw');
  await session.until('connected');
  return { ...session, server, socket: () => [...servers.at(-1)!.clients][0]! };
}

describe('WebSocket transport: the stream', () => {
  it('sends each stanza as one frame with jabber:client declared, and hands on what arrives in order', async () => {
    const { transport, server, received, socket } = await online(() => undefined);
    transport.send(xml('message', { to: 'x@localhost', id: 'm1' }, xml('body', {}, 'a < b & "c"')));
    transport.send(xml('r', { xmlns: 'urn:xmpp:sm:3' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.frames.slice(-2)).toEqual([
      '<message xmlns="jabber:client" to="x@localhost" id="m1"><body>a &lt; b &amp; &quot;c&quot;</body></message>',
      '<r xmlns="urn:xmpp:sm:3"/>',
    ]);
    const before = received.length;
    socket().send('<message xmlns="jabber:client" from="y@localhost" id="1"><body>one</body></message>');
    socket().send('<a xmlns="urn:xmpp:sm:3" h="1"/>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.slice(before).map((e) => `${e.name} ${e.ns}`)).toEqual([
      'message jabber:client',
      'a urn:xmpp:sm:3',
    ]);
    expect(received.at(-2)!.child('body')?.text()).toBe('one');
    transport.drop();
  });

  it('answers a frame that is not XML with Status.ERROR bad-format and closes the stream, throwing nothing', async () => {
    const { statuses, server, socket, until } = await online(() => undefined);
    socket().send('<message xmlns="jabber:client"><body>cut');
    await until('disconnected');
    expect(statuses.slice(-2)).toEqual([
      ['error', 'bad-format'],
      ['disconnected', null],
    ]);
    expect(server.frames.slice(-2)).toEqual([
      '<presence xmlns="jabber:client" type="unavailable"/>',
      '<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>',
    ]);
  });

  it('closes with unavailable presence and </close> (RFC 7395 §3.6), and a drop sends nothing', async () => {
    const closed = await online(() => undefined);
    closed.transport.disconnect('bye');
    await closed.until('disconnected');
    expect(closed.statuses.map(([s]) => s).slice(-2)).toEqual(['disconnecting', 'disconnected']);
    expect(closed.server.frames.slice(-2)).toEqual([
      '<presence xmlns="jabber:client" type="unavailable"/>',
      '<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>',
    ]);
    const dropped = await online(() => undefined);
    const sent = dropped.server.frames.length;
    dropped.transport.drop();
    expect(dropped.statuses.at(-1)).toEqual(['disconnected', null]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dropped.server.frames).toHaveLength(sent);
  });

  it('reports a stream the server ends: <close/> as disconnected, a stream error as Status.ERROR with its condition', async () => {
    const ended = await online(() => undefined);
    ended.socket().send('<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>');
    await ended.until('disconnected');
    expect(ended.statuses.at(-2)).toEqual(['connected', null]);
    const replaced = await online(() => undefined);
    replaced
      .socket()
      .send(
        '<stream:error xmlns:stream="http://etherx.jabber.org/streams"><conflict xmlns="urn:ietf:params:xml:ns:xmpp-streams"/><text xmlns="urn:ietf:params:xml:ns:xmpp-streams">Replaced by new connection</text></stream:error>',
      );
    await replaced.until('disconnected');
    expect(replaced.statuses.slice(-2)).toEqual([
      ['error', 'conflict'],
      ['disconnected', null],
    ]);
  });
});

describe('WebSocket transport: through the chat client', () => {
  it('fails at once with Status.CONNFAIL when the server closes the socket cleanly before the stream', async () => {
    // Strophe reported only an abnormal close (1006) there: a clean close left the attempt waiting
    // for its 30 s time-out, far beyond this test's.
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'xmpp' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    server.on('connection', (socket) => socket.on('message', () => socket.close(1000)));
    const client = createChatClient({
      service: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/xmpp-websocket`,
      domain: 'localhost',
      appId: 1001,
      keepAliveIntervalMs: 0,
    });
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    const started = Date.now();
    await expect(client.connect({ userId: 100001, password: 'pw' })).rejects.toMatchObject({
      code: 422,
      message: STATUS_CONNFAIL,
      condition: 'websocket-closed-before-stream',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(states.at(-1)).toBe('disconnected');
    await client.disconnect();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('rejects a login that meets a stream error with 422 Status.ERROR (Strophe Status.ERROR)', async () => {
    // A server that opens the stream and offers SASL PLAIN, then ends the stream with a stream
    // error (RFC 6120 §4.9) when the client authenticates: Status.ERROR, as Strophe reported it.
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'xmpp' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        const frame = String(data);
        if (frame.startsWith('<open')) {
          socket.send(
            '<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" from="localhost" id="s1" version="1.0" xml:lang="en"/>',
          );
          socket.send(
            '<stream:features xmlns:stream="http://etherx.jabber.org/streams"><mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><mechanism>PLAIN</mechanism></mechanisms></stream:features>',
          );
        } else if (frame.startsWith('<auth')) {
          socket.send(
            '<stream:error xmlns:stream="http://etherx.jabber.org/streams"><policy-violation xmlns="urn:ietf:params:xml:ns:xmpp-streams"/></stream:error>',
          );
        }
      });
    });
    const client = createChatClient({
      service: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/xmpp-websocket`,
      domain: 'localhost',
      appId: 1001,
      keepAliveIntervalMs: 0,
    });
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    await expect(client.connect({ userId: 100001, password: 'pw' })).rejects.toMatchObject({
      name: 'StreamError',
      code: 422,
      message: STATUS_ERROR,
      condition: 'policy-violation',
    });
    expect(states).toEqual(['connecting', 'authenticating', 'error', 'disconnected']);
    expect(client.userId).toBeNull();
    await client.disconnect();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('can be closed or dropped while the socket is still connecting, without an uncaught error', async () => {
    // A server that accepts TCP and never answers the upgrade keeps the socket CONNECTING.
    const sockets: net.Socket[] = [];
    const hanging = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    for (const end of ['disconnect', 'drop'] as const) {
      const statuses: TransportStatus[] = [];
      const transport = createWebSocketTransport(
        { kind: 'websocket', service: `ws://127.0.0.1:${port}/xmpp-websocket` },
        { onStatus: (s) => statuses.push(s), onElement: () => undefined },
      );
      transport.connect('100001-1001@localhost/r', 'pw');
      await new Promise((resolve) => setTimeout(resolve, 50));
      transport[end]();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(statuses).toContain('disconnected');
    }
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });
});

describe('BOSH transport before Strophe has loaded', () => {
  it('reports one disconnected when dropped before it loaded, and nothing after', async () => {
    const statuses: TransportStatus[] = [];
    const transport = createTransport(
      { kind: 'bosh', service: 'http://127.0.0.1:9/http-bind' },
      { onStatus: (s) => statuses.push(s), onElement: () => undefined },
    );
    transport.connect('100001-1001@localhost/r', 'pw');
    transport.drop();
    // Waits for the chunk itself rather than a time: on a busy machine it can take longer than
    // any guess to load, and a load still pending when the file ends outlives its environment.
    await import('../../../src/xmpp/transport/strophe-transport');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(statuses).toEqual(['disconnected']);
  });
});
