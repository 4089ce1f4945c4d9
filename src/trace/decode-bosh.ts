/**
 * BOSH requests on the timeline (XEP-0124, XEP-0206; docs/wire/hosted-chat.md §12): each HTTP
 * request to `/http-bind` with its `<body rid=…>` wrapper and the answer, beside the stanzas they
 * carry (which show as XMPP entries of their own).
 */
import { byteLength } from './text';
import type { TraceInput } from './types';

export interface BoshRequest {
  url: string;
  status: number | null;
  durationMs: number;
  requestBody: string;
  responseBody?: string;
}

const attr = (xml: string, name: string) =>
  new RegExp(`<body\\b[^>]*\\s${name}=['"]([^'"]*)['"]`).exec(xml)?.[1];
const stanzas = (xml: string) => (xml.match(/<(message|presence|iq)\b/g) ?? []).length;

export function decodeBosh(request: BoshRequest, connection: string, time: number): TraceInput {
  const rid = attr(request.requestBody, 'rid');
  const type = attr(request.responseBody ?? '', 'type');
  const condition = attr(request.responseBody ?? '', 'condition');
  const status = request.status ?? 'no answer';
  const entry: TraceInput = {
    time,
    connection,
    channel: 'rest',
    direction: 'in',
    size: byteLength(request.requestBody) + byteLength(request.responseBody ?? ''),
    kind: 'bosh/POST',
    summary: `POST ${new URL(request.url, 'http://localhost').pathname} rid=${rid ?? '?'} → ${status} · ${Math.round(request.durationMs)} ms · ${stanzas(request.requestBody)} out, ${stanzas(request.responseBody ?? '')} in`,
    raw: `POST ${request.url}\n${request.requestBody}\n\n→ ${status} in ${Math.round(request.durationMs)} ms\n${request.responseBody ?? ''}`,
    namespaces: ['http://jabber.org/protocol/httpbind'],
    jids: [],
    ids: [],
    decoded: { rid, status: request.status, durationMs: Math.round(request.durationMs), type, condition },
  };
  if (request.status === null || request.status >= 400 || type === 'terminate')
    entry.error = condition ?? (type === 'terminate' ? 'terminate' : String(status));
  return entry;
}
