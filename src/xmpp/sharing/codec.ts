/**
 * Values that cross from one tab to another with the shared chat connection (docs/architecture.md
 * §3 "One chat connection per browser"): a BroadcastChannel copies plain data only (the structured
 * clone algorithm keeps no class), so stanzas (`XmlElement`) and the chat stack's errors travel
 * as tagged plain objects and are rebuilt on the other side with their class, so `instanceof`
 * checks (the outbox's ChatNotConnectedError, a StanzaError's condition) hold in every tab; so do
 * the repeated items of an outgoing extension (`ExtraList`, e.g. a call signal's candidates).
 */
import {
  ChatNotConnectedError,
  SaslError,
  StanzaError,
  StreamError,
  TimeoutError,
  XmppError,
} from '../errors/errors';
import { ExtraList, type ExtraParamInput } from '../messages/extra-params';
import { XmlElement } from '../xml/element';

interface EncodedXml {
  name: string;
  attrs: Record<string, string>;
  children: Array<EncodedXml | string>;
}

interface EncodedError {
  name: string;
  message: string;
  code: number | null;
  condition: string | null;
  type: string | null;
  text: string | null;
  id: string | null;
}

const XML_TAG = '$xml';
const ERROR_TAG = '$error';
const LIST_TAG = '$list';

function encodeXml(element: XmlElement): EncodedXml {
  return {
    name: element.name,
    attrs: { ...element.attrs },
    children: element.children.map((child) => (typeof child === 'string' ? child : encodeXml(child))),
  };
}

function decodeXml(encoded: EncodedXml): XmlElement {
  const element = new XmlElement(encoded.name, { ...encoded.attrs });
  for (const child of encoded.children) element.append(typeof child === 'string' ? child : decodeXml(child));
  return element;
}

function encodeError(error: Error): EncodedError {
  const fields = error as Partial<Record<'code' | 'condition' | 'type' | 'text' | 'id', unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    name: error.name,
    message: error.message,
    code: typeof fields.code === 'number' ? fields.code : null,
    condition: text(fields.condition),
    type: text(fields.type),
    text: text(fields.text),
    id: text(fields.id),
  };
}

function decodeError(encoded: EncodedError): Error {
  const code = encoded.code ?? undefined;
  switch (encoded.name) {
    case 'ChatNotConnectedError':
      return new ChatNotConnectedError();
    case 'TimeoutError':
      return new TimeoutError(encoded.message, { code });
    case 'StanzaError':
      return new StanzaError({
        condition: encoded.condition ?? 'undefined-condition',
        type: encoded.type ?? undefined,
        text: encoded.text,
        code,
        id: encoded.id,
      });
    case 'StreamError':
      return new StreamError(encoded.message, { code, condition: encoded.condition });
    case 'SaslError':
      return new SaslError(encoded.message, { code, condition: encoded.condition });
    case 'XmppError':
      return new XmppError(encoded.message, { code, condition: encoded.condition });
    default: {
      const error = new Error(encoded.message);
      error.name = encoded.name;
      return error;
    }
  }
}

/** A value as it may be posted to another tab. */
export function encodeValue(value: unknown): unknown {
  if (value instanceof XmlElement) return { [XML_TAG]: encodeXml(value) };
  if (value instanceof Error) return { [ERROR_TAG]: encodeError(value) };
  if (value instanceof ExtraList)
    return { [LIST_TAG]: { itemName: value.itemName, items: value.items.map(encodeValue) } };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (typeof field !== 'function') out[key] = encodeValue(field);
    }
    return out;
  }
  return typeof value === 'function' ? undefined : value;
}

/** A value posted by another tab, with its stanzas and errors rebuilt. */
export function decodeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (XML_TAG in record) return decodeXml(record[XML_TAG] as EncodedXml);
    if (ERROR_TAG in record) return decodeError(record[ERROR_TAG] as EncodedError);
    if (LIST_TAG in record) {
      const list = record[LIST_TAG] as { itemName: string; items: unknown[] };
      return new ExtraList(list.itemName, list.items.map(decodeValue) as ExtraParamInput[]);
    }
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) out[key] = decodeValue(field);
    return out;
  }
  return value;
}
