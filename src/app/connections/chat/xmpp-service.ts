/**
 * Which chat transport this tab uses (spec §9, wire §12: WebSocket or BOSH): WebSocket when a
 * WebSocket to `/xmpp-websocket` opens, BOSH (`/http-bind`) when it does not — as behind clinic
 * proxies that refuse the upgrade (docs/reliability.md "WebSockets blocked"). The choice is
 * made once per chat login; a probe that neither opens nor fails within `probeMs` counts as
 * blocked, since a proxy that holds the upgrade open would hold the chat too.
 */

export interface XmppServices {
  websocket: string;
  bosh: string;
}

export function xmppServices(location: Pick<Location, 'protocol' | 'host' | 'origin'>): XmppServices {
  return {
    websocket: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/xmpp-websocket`,
    bosh: `${location.origin}/http-bind`,
  };
}

/** Whether a WebSocket to `url` (subprotocol `xmpp`, RFC 7395 §3.1) opens within `probeMs`. */
export function websocketOpens(url: string, probeMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, 'xmpp');
    } catch {
      resolve(false);
      return;
    }
    const settle = (opened: boolean) => {
      clearTimeout(timer);
      socket.onopen = socket.onerror = socket.onclose = null;
      socket.close();
      resolve(opened);
    };
    const timer = setTimeout(() => settle(false), probeMs);
    socket.onopen = () => settle(true);
    socket.onerror = () => settle(false);
    socket.onclose = () => settle(false);
  });
}

/** The service URL the chat client connects to: WebSocket if it opens, else BOSH. */
export async function chooseXmppService(services: XmppServices, probeMs = 5_000): Promise<string> {
  if (await websocketOpens(services.websocket, probeMs)) return services.websocket;
  console.warn('WebSockets are blocked on this network: the chat uses BOSH (long polling)');
  return services.bosh;
}
