/**
 * Conversion between DOM nodes (what Strophe reads and writes, in the browser natively and in
 * Node through the DOM that strophe.js installs; what the browser's DOMParser gives) and
 * {@link XmlElement}.
 */
import { XmlElement } from './element';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Converts a DOM element (and its subtree) to an {@link XmlElement}. */
export function fromDom(node: Element, parentNs = ''): XmlElement {
  const attrs: Record<string, string> = {};
  for (let i = 0; i < node.attributes.length; i++) {
    const attribute = node.attributes.item(i);
    if (attribute) attrs[attribute.name] = attribute.value;
  }
  const ns = node.namespaceURI ?? attrs.xmlns ?? parentNs;
  if (attrs.xmlns === undefined && ns && ns !== parentNs) attrs.xmlns = ns;
  const element = new XmlElement(node.nodeName, attrs);
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE) element.append(fromDom(child as Element, ns));
    else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) {
      element.append(child.nodeValue ?? '');
    }
  }
  return element;
}

let factory: Document | null = null;

/**
 * Converts an {@link XmlElement} to a DOM element owned by a private XML document; `xmlns`, when
 * given, is declared on the copy's root (the element itself is left as it is).
 */
export function toDom(element: XmlElement, xmlns?: string): Element {
  factory ??= document.implementation.createDocument(null, null, null);
  const node = build(factory, element);
  if (xmlns !== undefined) node.setAttribute('xmlns', xmlns);
  return node;
}

function build(doc: Document, element: XmlElement): Element {
  const node = doc.createElement(element.name);
  for (const [key, value] of Object.entries(element.attrs)) node.setAttribute(key, value);
  for (const child of element.children) {
    node.appendChild(typeof child === 'string' ? doc.createTextNode(child) : build(doc, child));
  }
  return node;
}
