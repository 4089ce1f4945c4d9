/**
 * A small immutable-by-convention XML element model for stanzas (RFC 6120 §4.8: every element
 * belongs to a namespace, inherited from its parent unless it declares its own `xmlns`).
 * Parsers and builders of every feature work on it; only the transport converts to and from
 * the DOM elements Strophe speaks.
 */

/** A child of an element: an element or a run of character data. */
export type XmlNode = XmlElement | string;

/** Attribute values accepted by {@link xml}; `undefined` and `null` drop the attribute. */
export type XmlAttrInput = Record<string, string | number | boolean | undefined | null>;

/** A child accepted by {@link xml}; `null`, `undefined` and `false` are skipped. */
export type XmlChildInput = XmlNode | number | null | undefined | false | readonly XmlChildInput[];

/** One XML element with its attributes and children. */
export class XmlElement {
  /** The element this one was appended to, for namespace inheritance. */
  parent: XmlElement | null = null;
  readonly children: XmlNode[] = [];

  constructor(
    readonly name: string,
    readonly attrs: Record<string, string> = {},
  ) {}

  /** The element's namespace: its own `xmlns`, else its parent's. */
  get ns(): string {
    return this.attrs.xmlns ?? this.parent?.ns ?? '';
  }

  /** Appends elements or text; returns `this` for chaining. */
  append(...nodes: XmlChildInput[]): this {
    for (const node of nodes) {
      if (node === null || node === undefined || node === false) continue;
      if (Array.isArray(node)) {
        this.append(...(node as XmlChildInput[]));
      } else if (node instanceof XmlElement) {
        node.parent = this;
        this.children.push(node);
      } else {
        this.children.push(String(node));
      }
    }
    return this;
  }

  /** Whether the element has this name and, when given, this namespace. */
  is(name: string, ns?: string): boolean {
    return this.name === name && (ns === undefined || this.ns === ns);
  }

  attr(name: string): string | undefined {
    return this.attrs[name];
  }

  /** Child elements, optionally filtered by name and namespace. */
  elements(name?: string, ns?: string): XmlElement[] {
    const out: XmlElement[] = [];
    for (const child of this.children) {
      if (typeof child !== 'string' && (name === undefined || child.is(name, ns))) out.push(child);
    }
    return out;
  }

  /** The first child element with this name (and namespace). */
  child(name: string, ns?: string): XmlElement | undefined {
    for (const child of this.children) {
      if (typeof child !== 'string' && child.is(name, ns)) return child;
    }
    return undefined;
  }

  /** The first element with this name (and namespace) anywhere below this one, depth first. */
  descendant(name: string, ns?: string): XmlElement | undefined {
    for (const child of this.elements()) {
      if (child.is(name, ns)) return child;
      const deeper = child.descendant(name, ns);
      if (deeper) return deeper;
    }
    return undefined;
  }

  /** The character data directly inside this element, every run joined. */
  text(): string {
    let out = '';
    for (const child of this.children) if (typeof child === 'string') out += child;
    return out;
  }

  /** The text of the first child element with this name, or `undefined`. */
  childText(name: string, ns?: string): string | undefined {
    return this.child(name, ns)?.text();
  }

  /** A deep copy without parent, with attribute changes applied (`null` removes). */
  clone(attrChanges: Record<string, string | null> = {}): XmlElement {
    const attrs = { ...this.attrs };
    for (const [key, value] of Object.entries(attrChanges)) {
      if (value === null) delete attrs[key];
      else attrs[key] = value;
    }
    // Keep the inherited namespace explicit on a detached copy; its children go on inheriting
    // from the copy (pinning theirs would keep the old parent's namespace, e.g. `<body xmlns="">`
    // under a stanza given jabber:client).
    if (attrs.xmlns === undefined && this.parent) attrs.xmlns = this.parent.ns;
    return this.#copy(attrs);
  }

  #copy(attrs: Record<string, string>): XmlElement {
    const copy = new XmlElement(this.name, attrs);
    for (const child of this.children)
      copy.append(typeof child === 'string' ? child : child.#copy({ ...child.attrs }));
    return copy;
  }

  /** Serialises the element as XML text. */
  toString(): string {
    let out = `<${this.name}`;
    for (const [key, value] of Object.entries(this.attrs)) out += ` ${key}="${escapeXml(value)}"`;
    if (this.children.length === 0) return `${out}/>`;
    out += '>';
    for (const child of this.children) out += typeof child === 'string' ? escapeXml(child) : child.toString();
    return `${out}</${this.name}>`;
  }
}

/** Builds an element: `xml('message', { to, type: 'chat' }, xml('body', {}, text))`. */
export function xml(name: string, attrs: XmlAttrInput = {}, ...children: XmlChildInput[]): XmlElement {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) clean[key] = String(value);
  }
  return new XmlElement(name, clean).append(...children);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for use in XML character data or attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
