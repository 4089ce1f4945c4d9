/**
 * XMPP clients we did not write, for tests: @xmpp/client over WebSocket or TCP, and Strophe over
 * BOSH (with an XMLHttpRequest for Node that offers `responseXML`, which Strophe's BOSH needs).
 */
import type { client as createClient } from '@xmpp/client';
import { WebSocket } from 'ws';
import XHR from 'xhr2';

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

export interface PeerOptions {
  service: string;
  domain: string;
  username: string;
  password: string;
  resource?: string;
}

type XmppClient = ReturnType<typeof createClient>;

/** Connects an @xmpp/client peer with SASL PLAIN (its SCRAM is slow in pure JS). */
export async function connectPeer(options: PeerOptions): Promise<XmppClient> {
  const { client } = await import('@xmpp/client');
  const xmpp = client({
    service: options.service,
    domain: options.domain,
    resource: options.resource ?? `test-${Math.random().toString(36).slice(2, 8)}`,
    // PLAIN even on plain TCP (loopback), which @xmpp/client would otherwise refuse.
    credentials: (authenticate: (c: object, mechanism: string) => Promise<void>) =>
      authenticate({ username: options.username, password: options.password }, 'PLAIN'),
  } as unknown as Parameters<typeof client>[0]);
  xmpp.on('error', () => undefined);
  xmpp.reconnect.stop();
  await xmpp.start();
  return xmpp;
}

export async function stopPeer(xmpp: XmppClient): Promise<void> {
  try {
    await xmpp.stop();
  } catch {
    // Already closed by the server; nothing left to stop.
  }
}

let xhrInstalled = false;

/** Installs an XMLHttpRequest whose `responseXML` is parsed with the global DOMParser. */
export function installXmlHttpRequest(): void {
  if (xhrInstalled) return;
  xhrInstalled = true;
  class XmlHttpRequestWithXml extends (XHR as unknown as { new (): XMLHttpRequest }) {
    override get responseXML(): Document | null {
      const text = this.responseText;
      return text ? new DOMParser().parseFromString(text, 'text/xml') : null;
    }
  }
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = XmlHttpRequestWithXml;
}

/** Logs in with Strophe over BOSH; resolves with the final status name (CONNECTED, AUTHFAIL, …). */
export async function boshLogin(
  url: string,
  jid: string,
  password: string,
): Promise<{ status: string; disconnect(): void }> {
  const { Strophe } = await import('strophe.js');
  installXmlHttpRequest();
  Strophe.setLogLevel(Strophe.LogLevel.FATAL);
  const connection = new Strophe.Connection(url);
  return new Promise((resolve) => {
    connection.connect(jid, password, (status: number) => {
      const name =
        Object.entries(Strophe.Status).find(([, value]) => value === status)?.[0] ?? String(status);
      if (['CONNECTED', 'AUTHFAIL', 'CONNFAIL', 'ERROR'].includes(name)) {
        resolve({ status: name, disconnect: () => connection.disconnect('done') });
      }
    });
  });
}
