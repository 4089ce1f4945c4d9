/**
 * The `extraParams` message extension, docs/wire/hosted-chat.md §14.2–14.3:
 * `<extraParams xmlns="jabber:client">` holding one element per key, nested objects as nested
 * elements, every attachment as one `<attachment/>` with its properties as attributes, and
 * scalars as text. Decoding joins the text runs of an element (browsers split text nodes at
 * 4 KB: spec §9 "Extra param text over 4096 characters is re-joined from parts"), reads nested
 * elements as objects, repeated names as lists, attachments as objects (`size` as a number) and
 * takes `moduleIdentifier` out (wire §14.6). Pure functions.
 */
import { XmppError } from '../errors/errors';
import { xml, type XmlElement } from '../xml/element';

export const CLIENT_NS = 'jabber:client';

/** One attachment; every property travels as an XML attribute (wire §14.2). */
export interface Attachment {
  id?: string;
  type?: string;
  uid?: string;
  name?: string;
  size?: number;
  url?: string;
  [property: string]: string | number | undefined;
}

/** A list of values sent as repeated `<itemName>` children (e.g. WebRTC `opponentsIDs`). */
export class ExtraList {
  constructor(
    readonly itemName: string,
    readonly items: readonly ExtraParamInput[],
  ) {}
}

/** Builds an {@link ExtraList}: `extraList('opponentID', [22, 33])`. */
export const extraList = (itemName: string, items: readonly ExtraParamInput[]): ExtraList =>
  new ExtraList(itemName, items);

/** A value of an outgoing extension; numbers and booleans are sent as text, null is left out. */
export type ExtraParamInput = string | number | boolean | null | undefined | ExtraList | ExtraParamsInput;

/** An outgoing extension (`save_to_history`, `dialog_id`, `attachments` and any custom keys). */
export interface ExtraParamsInput {
  attachments?: readonly Attachment[];
  [key: string]: ExtraParamInput | readonly Attachment[];
}

/** A received value: text, a nested object, or a list when a name repeats. */
export type ExtraParamValue = string | ExtraParamValue[] | { [key: string]: ExtraParamValue };

/** A received extension. Values are strings (wire §21: "expect strings back"). */
export interface ExtraParams {
  attachments?: Attachment[];
  dialog_id?: string;
  save_to_history?: string;
  [key: string]: ExtraParamValue | Attachment[] | undefined;
}

const NAME = /^[A-Za-z_][\w.-]*$/;

function checkName(name: string): string {
  if (!NAME.test(name)) throw new XmppError(`extraParams key "${name}" is not a valid XML element name`);
  return name;
}

function encodeValue(name: string, value: ExtraParamInput): XmlElement | null {
  if (value === null || value === undefined) return null;
  if (value instanceof ExtraList) {
    return xml(
      checkName(name),
      {},
      value.items.map((item) => encodeValue(value.itemName, item)),
    );
  }
  if (Array.isArray(value)) {
    throw new XmppError(`extraParams "${name}" is an array: send lists with extraList(itemName, items)`);
  }
  if (typeof value === 'object') {
    return xml(
      checkName(name),
      {},
      Object.entries(value).map(([key, inner]) => encodeValue(key, inner as ExtraParamInput)),
    );
  }
  return xml(checkName(name), {}, String(value));
}

/** Encodes an extension; `moduleIdentifier` goes first when given (wire §14.6, §20.1). */
export function encodeExtraParams(extension: ExtraParamsInput, moduleIdentifier?: string): XmlElement {
  const element = xml('extraParams', { xmlns: CLIENT_NS });
  if (moduleIdentifier) element.append(xml('moduleIdentifier', {}, moduleIdentifier));
  for (const [key, value] of Object.entries(extension)) {
    if (key === 'attachments' && Array.isArray(value)) {
      for (const attachment of value as readonly Attachment[]) element.append(xml('attachment', attachment));
    } else {
      element.append(encodeValue(key, value as ExtraParamInput));
    }
  }
  return element;
}

/** Decodes one element: its joined text when it has no child elements, else an object. */
export function decodeValue(element: XmlElement): ExtraParamValue {
  const children = element.elements();
  if (children.length === 0) return element.text();
  const out: Record<string, ExtraParamValue> = {};
  for (const child of children) addValue(out, child.name, decodeValue(child));
  return out;
}

function addValue(target: Record<string, unknown>, key: string, value: ExtraParamValue): void {
  // decodeValue never returns an array, so an existing array can only come from repeated names.
  const existing = target[key];
  if (existing === undefined) target[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
}

function decodeAttachment(element: XmlElement): Attachment {
  const attachment: Attachment = {};
  for (const [key, value] of Object.entries(element.attrs)) {
    if (key === 'xmlns') continue;
    const size = Number.parseInt(value, 10);
    attachment[key] = key === 'size' && Number.isFinite(size) ? size : value;
  }
  return attachment;
}

/** Decodes `<extraParams/>` into the extension and its module identifier. */
export function decodeExtraParams(element: XmlElement): {
  extension: ExtraParams;
  moduleIdentifier: string | null;
} {
  const extension: ExtraParams = {};
  let moduleIdentifier: string | null = null;
  for (const child of element.elements()) {
    if (child.name === 'attachment') (extension.attachments ??= []).push(decodeAttachment(child));
    else if (child.name === 'moduleIdentifier') moduleIdentifier = child.text();
    else addValue(extension, child.name, decodeValue(child));
  }
  return { extension, moduleIdentifier };
}

/**
 * Decodes the items of a list element (`<opponentsIDs><opponentID>22</opponentID></opponentsIDs>`,
 * `<iceCandidates><iceCandidate>…</iceCandidate></iceCandidates>`, wire §20.1) as a list even
 * when it holds one item, which {@link decodeExtraParams} cannot tell from a scalar.
 */
export function decodeList(element: XmlElement | undefined, itemName: string): ExtraParamValue[] {
  return element ? element.elements(itemName).map(decodeValue) : [];
}
