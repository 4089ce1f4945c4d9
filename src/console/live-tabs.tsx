/**
 * Portal tabs of this browser, watched live (docs/console.md "Inspect a live portal tab"): the
 * console says `hello`, lists the tabs that answer, and keeps the chosen ones attached; their
 * traffic is decoded into the timeline here, so the portal only forwards what it already has.
 */
import { useEffect, useRef, useState } from 'react';
import { ATTACH_EVERY_MS, LIVE_CHANNEL, type LiveMessage, type LiveTrafficEvent } from '../trace';
import { parseXml } from '../xmpp';
import { recorder } from './recorder';

async function record(tab: string, event: LiveTrafficEvent): Promise<void> {
  const where = `tab ${tab}`;
  if (event.channel === 'xmpp') {
    try {
      recorder.xmpp(`${where} · chat`, event.direction, parseXml(event.xml));
    } catch (error) {
      recorder.note(`${where} · chat`, event.xml, (error as Error).message);
    }
  } else if (event.channel === 'stomp') {
    const frame = event.frame instanceof Blob ? await event.frame.arrayBuffer() : event.frame;
    recorder.stomp(`${where} · socket`, event.direction, frame);
  } else if (event.channel === 'bosh') {
    const { channel: _channel, ...request } = event;
    recorder.bosh(`${where} · bosh`, request);
  } else {
    const { channel: _channel, ...call } = event;
    recorder.rest(`${where} · ${event.service}`, call);
  }
}

export function LiveTabs() {
  const [tabs, setTabs] = useState<Record<string, string>>({});
  const [attached, setAttached] = useState<string[]>([]);
  const channel = useRef<BroadcastChannel | null>(null);
  const attachedRef = useRef(attached);
  attachedRef.current = attached;

  useEffect(() => {
    const live = new BroadcastChannel(LIVE_CHANNEL);
    channel.current = live;
    // Frames are decoded one after another, in the order the tab sent them.
    let queue = Promise.resolve();
    live.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
      if (data.type === 'tab') setTabs((known) => ({ ...known, [data.tab]: data.page }));
      else if (data.type === 'traffic' && attachedRef.current.includes(data.tab))
        queue = queue.then(() => record(data.tab, data.event));
    };
    live.postMessage({ type: 'hello' } satisfies LiveMessage);
    const keep = setInterval(() => {
      for (const tab of attachedRef.current) live.postMessage({ type: 'attach', tab } satisfies LiveMessage);
    }, ATTACH_EVERY_MS);
    return () => {
      clearInterval(keep);
      for (const tab of attachedRef.current) live.postMessage({ type: 'detach', tab } satisfies LiveMessage);
      live.close();
    };
  }, []);

  const toggle = (tab: string) => {
    const on = !attached.includes(tab);
    channel.current?.postMessage({ type: on ? 'attach' : 'detach', tab } satisfies LiveMessage);
    recorder.note(`tab ${tab}`, on ? 'attached' : 'detached');
    setAttached(on ? [...attached, tab] : attached.filter((t) => t !== tab));
  };

  return (
    <section className="panel" aria-label="Live portal tabs">
      <h2>Live portal tabs</h2>
      <button
        type="button"
        onClick={() => channel.current?.postMessage({ type: 'hello' } satisfies LiveMessage)}
      >
        Look for tabs
      </button>
      {Object.keys(tabs).length === 0 && <p className="hint">No portal tab of this browser answered yet.</p>}
      <ul>
        {Object.entries(tabs).map(([tab, page]) => (
          <li key={tab}>
            <label>
              <input type="checkbox" checked={attached.includes(tab)} onChange={() => toggle(tab)} /> tab{' '}
              {tab} <span className="hint">{page}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
