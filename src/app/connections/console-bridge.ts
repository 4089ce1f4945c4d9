/**
 * A portal tab seen from the protocol console in another tab of the same browser (docs/console.md
 * "Inspect a live portal tab"): the tab answers a console's `hello` and, only while a console keeps
 * it attached, forwards its traffic seam (api/traffic.ts) over the BroadcastChannel. Detached, the
 * seam has no listener and the connections build nothing for it.
 */
import {
  ATTACH_TTL_MS,
  LIVE_CHANNEL,
  type LiveMessage,
  type LiveTrafficEvent,
} from '../../trace/live-channel';
import type { Traffic, TrafficEvent } from '../api/traffic';

function toLive(event: TrafficEvent): LiveTrafficEvent | null {
  if (event.channel === 'xmpp')
    return { channel: 'xmpp', direction: event.direction, xml: event.element.toString() };
  if (event.channel === 'stomp') return event;
  if (event.channel === 'bosh') return { channel: 'bosh', ...event.request };
  if (event.direction === 'out') return null;
  const { direction: _direction, status = null, durationMs = 0, ...call } = event;
  return { ...call, status, durationMs };
}

export function startConsoleBridge(traffic: Traffic): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const tab = Math.random().toString(36).slice(2, 8);
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  const post = (message: LiveMessage) => channel.postMessage(message);
  const announce = () => post({ type: 'tab', tab, page: window.location.pathname });
  let off: (() => void) | null = null;
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const detach = () => {
    off?.();
    off = null;
    clearTimeout(expiry);
  };
  channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
    if (data.type === 'hello') announce();
    else if (data.type === 'attach' && data.tab === tab) {
      off ??= traffic.subscribe((event) => {
        const live = toLive(event);
        if (live) post({ type: 'traffic', tab, event: live });
      });
      clearTimeout(expiry);
      expiry = setTimeout(detach, ATTACH_TTL_MS);
    } else if (data.type === 'detach' && data.tab === tab) detach();
  };
  announce();
  return () => {
    detach();
    channel.close();
  };
}
