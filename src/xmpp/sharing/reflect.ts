/**
 * What one tab sends, as the other tabs of the browser must hear of it (docs/architecture.md §3
 * "One chat connection per browser"). Tabs with a connection each learned of each other's
 * messages and read markers from the server's carbon copies (XEP-0280 §6, docs/lessons.md §10);
 * tabs that share one connection are one resource, so the server sends no copy, and the holder
 * reflects each outgoing stanza to the tabs instead, read exactly as its sent carbon would be.
 * Headlines of other modules (a call answered or refused in one tab) have no carbon; they are
 * reflected as `systemMessages`' `moduleMessageSent`, so the other tabs stop ringing.
 */
import type { ChatEvents } from '../client-types';
import { CHAT_STATES_NS } from '../chat-states/chat-states';
import { parseMarker } from '../markers/markers';
import { parseChatMessage } from '../messages/parse';
import { parseHeadline } from '../system-messages/system-messages';
import type { XmlElement } from '../xml/element';
import { chatIdFromJid } from '../addressing/jids';

export type Reflection =
  | { owner: 'messages'; event: 'message'; payload: ChatEvents['messages']['message'] }
  | { owner: 'markers'; event: 'delivered' | 'read'; payload: ChatEvents['markers']['read'] }
  | {
      owner: 'systemMessages';
      event: 'moduleMessageSent';
      payload: ChatEvents['systemMessages']['moduleMessageSent'];
    };

/** The events the other tabs get for one stanza sent as `jid`; none for what needs no reflection. */
export function reflectionOf(stanza: XmlElement, jid: string): Reflection | null {
  if (stanza.name !== 'message' || !jid) return null;
  const type = stanza.attrs.type ?? 'normal';
  // A room echoes our messages to us (and so to every tab); typing stays with the tab that typed.
  if (type === 'groupchat' || type === 'error') return null;
  const sent = stanza.clone({ from: jid });
  if (type === 'headline') {
    const headline = parseHeadline(sent);
    if (headline === null || headline === 'empty' || headline.kind !== 'module') return null;
    return {
      owner: 'systemMessages',
      event: 'moduleMessageSent',
      payload: { ...headline.message, recipientId: chatIdFromJid(stanza.attrs.to ?? '') },
    };
  }
  const marker = parseMarker(sent, 'sent');
  if (marker) {
    const { kind, ...payload } = marker;
    return { owner: 'markers', event: kind === 'received' ? 'delivered' : 'read', payload };
  }
  if (sent.children.some((c) => typeof c !== 'string' && c.ns === CHAT_STATES_NS) && !sent.child('body'))
    return null;
  const message = parseChatMessage(sent, 'sent');
  return message ? { owner: 'messages', event: 'message', payload: message } : null;
}
