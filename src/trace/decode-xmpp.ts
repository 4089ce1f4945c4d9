/**
 * XMPP elements on the timeline (docs/console.md): stanzas, stream-management nonzas (XEP-0198
 * `<r/>`, `<a/>`, enable, resume), SASL and stream features, each with its kind, namespaces,
 * JIDs, dialog, ids and error; call signals decoded (docs/wire/hosted-chat.md §20).
 */
import type { XmlElement } from '../xmpp';
import { decodeCallSignal, describeCallSignal } from './decode-call';
import { prettyXml } from './pretty-xml';
import { byteLength, idsIn } from './text';
import type { TraceInput } from './types';

const SM_NS = 'urn:xmpp:sm:3';
const MARKERS_NS = 'urn:xmpp:chat-markers:0';
const CHAT_STATES_NS = 'http://jabber.org/protocol/chatstates';
const STANZA_ERRORS_NS = 'urn:ietf:params:xml:ns:xmpp-stanzas';
/** Room JIDs are `{appId}_{dialogId}@muc.{domain}` (docs/wire/hosted-chat.md §11). */
const ROOM_JID = /^\d+_([0-9a-f]{24})@/;
const DEFAULT_NS = new Set(['jabber:client', '']);

function walk(element: XmlElement, visit: (element: XmlElement) => void): void {
  visit(element);
  for (const child of element.elements()) walk(child, visit);
}

function errorOf(element: XmlElement): string | undefined {
  const error = element.child('error');
  if (!error) return undefined;
  const condition = error.elements().find((c) => c.ns === STANZA_ERRORS_NS && c.name !== 'text');
  const text = error.childText('text');
  return [error.attr('type'), condition?.name ?? error.attr('code'), text].filter(Boolean).join(' · ');
}

function kindOf(element: XmlElement): string {
  if (element.ns === SM_NS) return `sm/${element.name}`;
  const type = element.attr('type');
  return type ? `${element.name}/${type}` : element.name;
}

function summaryOf(element: XmlElement): string {
  if (element.ns === SM_NS) {
    const h = element.attr('h');
    const previd = element.attr('previd');
    return [element.name, h !== undefined && `h=${h}`, previd && `previd=${previd}`]
      .filter(Boolean)
      .join(' ');
  }
  const parts: string[] = [];
  const body = element.childText('body');
  if (body !== undefined) parts.push(JSON.stringify(body.length > 80 ? `${body.slice(0, 79)}…` : body));
  for (const child of element.elements()) {
    if (child.ns === MARKERS_NS) parts.push(`${child.name}${child.attr('id') ? ` ${child.attr('id')}` : ''}`);
    else if (child.ns === CHAT_STATES_NS) parts.push(child.name);
    else if (!['body', 'extraParams', 'error'].includes(child.name))
      parts.push(child.attr('xmlns') ? `${child.name} (${child.attr('xmlns')})` : child.name);
  }
  const to = element.attr('to');
  const from = element.attr('from');
  if (from) parts.unshift(`from ${from}`);
  if (to) parts.unshift(`to ${to}`);
  return parts.join(' · ');
}

/** Decodes one top-level element for the timeline. */
export function decodeXmpp(
  element: XmlElement,
  connection: string,
  direction: 'in' | 'out',
  time: number,
  wire: string = element.toString(),
): TraceInput {
  const namespaces = new Set<string>();
  const jids = new Set<string>();
  const ids = new Set<string>();
  let dialogId: string | undefined;
  walk(element, (node) => {
    if (!DEFAULT_NS.has(node.ns)) namespaces.add(node.ns);
    for (const attr of ['from', 'to', 'jid']) {
      const jid = node.attr(attr);
      if (jid) jids.add(jid);
      const room = jid && ROOM_JID.exec(jid);
      if (room) dialogId ??= room[1];
    }
    if (node.ns === MARKERS_NS && node.attr('id')) ids.add(node.attr('id')!);
  });
  const id = element.attr('id');
  if (id) ids.add(id);
  for (const found of idsIn(wire)) ids.add(found);
  const extraParams = element.child('extraParams');
  dialogId = extraParams?.childText('dialog_id') ?? dialogId;
  const entry: TraceInput = {
    time,
    connection,
    channel: 'xmpp',
    direction,
    size: byteLength(wire),
    kind: kindOf(element),
    summary: summaryOf(element),
    raw: prettyXml(element),
    namespaces: [...namespaces],
    jids: [...jids],
    ids: [...ids],
  };
  if (dialogId) entry.dialogId = dialogId;
  const call = extraParams && decodeCallSignal(extraParams);
  if (call) {
    entry.kind = `call/${call.signalType}`;
    entry.summary = describeCallSignal(call);
    entry.decoded = call;
    ids.add(call.sessionID);
    entry.ids = [...ids];
  }
  const error = errorOf(element);
  if (error) entry.error = error;
  else if (element.is('failed', SM_NS)) entry.error = element.elements()[0]?.name ?? 'failed';
  else if (element.name === 'failure') entry.error = element.elements()[0]?.name ?? 'failure';
  return entry;
}
