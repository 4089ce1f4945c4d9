/**
 * Following one message (docs/console.md "Filters and follow"): its stanza, its markers and its
 * history record carry its id; its red dot does not (spec §4: the push names the notification),
 * so a red-dot frame joins when its body quotes the message's text.
 */
import type { TraceEntry } from './types';

function bodyOf(entry: TraceEntry): string | null {
  const match = /<body>([^<]*)<\/body>/.exec(entry.raw);
  return match ? match[1]! : null;
}

/** The seq of every entry about message `id`. */
export function followMessage(entries: readonly TraceEntry[], id: string): Set<number> {
  const found = new Set<number>();
  const bodies = new Set<string>();
  for (const entry of entries) {
    if (!entry.ids.includes(id)) continue;
    found.add(entry.seq);
    const body = entry.channel === 'xmpp' ? bodyOf(entry) : null;
    if (body) bodies.add(body);
  }
  for (const entry of entries) {
    if (entry.channel !== 'stomp' || !entry.summary.includes('red dot')) continue;
    if ([...bodies].some((body) => entry.raw.includes(body))) found.add(entry.seq);
  }
  return found;
}
