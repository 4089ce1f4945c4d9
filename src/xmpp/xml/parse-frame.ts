/**
 * One XMPP frame's text parsed straight into an {@link XmlElement}, for Node (the browser has its
 * own DOMParser: transport/browser/socket-platform.ts). A WebSocket frame carries exactly one
 * element (RFC 7395 §3.3.3), so this reads one element and nothing after it but whitespace.
 *
 * It is strict where XMPP is (RFC 6120 §11.1): no comments, processing instructions, document
 * types or entities other than the five predefined ones and character references; names must be
 * well-formed, end tags must match, an attribute may appear once, a prefix must be declared, and
 * characters outside XML 1.0's `Char` are refused. Whatever it refuses throws a
 * {@link FrameSyntaxError}; the transport closes the stream with `bad-format` then.
 *
 * The element keeps its qualified name and attributes as written; an element whose namespace
 * differs from its parent's and that does not declare it with `xmlns` gets `xmlns` set to it, as
 * `fromDom` (dom.ts) does for a DOM element, so both platforms give the same element.
 */
import { XmlElement } from './element';

export class FrameSyntaxError extends Error {
  constructor(message: string, at: number) {
    super(`Not well-formed XML at ${at}: ${message}`);
    this.name = 'FrameSyntaxError';
  }
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** XML 1.0 §2.3 `Name`, without the rarely used astral ranges (Prosody's names are ASCII). */
const NAME =
  /[A-Za-z_:\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][\w.\-:\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*/y;
const SPACE = /[ \t\r\n]*/y;
/** Characters XML 1.0 §2.2 does not allow anywhere, and a surrogate without its pair. */
const NOT_CHAR =
  // eslint-disable-next-line no-control-regex -- these control characters are what it looks for
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const DECLARATION = /^[ \t\r\n]*<\?xml[ \t\r\n][^?]*\?>/;
const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** `&…;` references resolved (XML 1.0 §4.1); `at` places an error. */
function resolveReferences(raw: string, at: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new FrameSyntaxError('an unterminated reference', at);
    if (name.startsWith('#')) {
      const code = /^#x[0-9A-Fa-f]+$/.test(name)
        ? parseInt(name.slice(2), 16)
        : /^#[0-9]+$/.test(name)
          ? parseInt(name.slice(1), 10)
          : NaN;
      const allowed =
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        (code >= 0x10000 && code <= 0x10ffff);
      if (!allowed) throw new FrameSyntaxError(`the character reference &${name};`, at);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED.get(name);
    if (value === undefined) throw new FrameSyntaxError(`the entity &${name}; (RFC 6120 §11.1)`, at);
    return value;
  });
}

interface Open {
  element: XmlElement;
  /** The namespace of each prefix in scope here; '' for the default one. */
  scope: Map<string, string>;
  ns: string;
}

/** Parses one frame; throws {@link FrameSyntaxError} when it is not one well-formed element. */
export function parseFrameText(input: string): XmlElement {
  const bad = NOT_CHAR.exec(input);
  if (bad) throw new FrameSyntaxError('a character XML does not allow', bad.index);
  const declaration = DECLARATION.exec(input);
  let at = declaration ? declaration[0].length : 0;
  const skipSpace = () => {
    SPACE.lastIndex = at;
    SPACE.exec(input);
    at = SPACE.lastIndex;
  };
  const name = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(input);
    if (!match) throw new FrameSyntaxError('a name was expected', at);
    at = NAME.lastIndex;
    return match[0];
  };

  skipSpace();
  if (input[at] !== '<') throw new FrameSyntaxError('an element was expected', at);
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  let text = '';

  const flushText = () => {
    if (text === '') return;
    stack[stack.length - 1]!.element.append(text);
    text = '';
  };

  while (at < input.length) {
    const open = stack[stack.length - 1];
    // Until the root closes (the loop ends then), text is inside an element: `open` is set.
    if (input[at] !== '<') {
      const end = input.indexOf('<', at);
      const raw = input.slice(at, end < 0 ? input.length : end);
      if (raw.includes(']]>')) throw new FrameSyntaxError("']]>' in character data", at);
      text += resolveReferences(raw, at);
      at += raw.length;
      continue;
    }
    const next = input[at + 1];
    if (next === '/') {
      if (!open) throw new FrameSyntaxError('an end tag without its start', at);
      at += 2;
      const closing = name();
      skipSpace();
      if (input[at] !== '>' || closing !== open.element.name) {
        throw new FrameSyntaxError(`</${closing}> does not close <${open.element.name}>`, at);
      }
      at++;
      flushText();
      stack.pop();
      if (stack.length === 0) break;
      continue;
    }
    if (next === '!') {
      if (open && input.startsWith('<![CDATA[', at)) {
        const end = input.indexOf(']]>', at + 9);
        if (end < 0) throw new FrameSyntaxError('an unterminated CDATA section', at);
        text += input.slice(at + 9, end);
        at = end + 3;
        continue;
      }
      throw new FrameSyntaxError('a comment or document type (RFC 6120 §11.1)', at);
    }
    if (next === '?') throw new FrameSyntaxError('a processing instruction (RFC 6120 §11.1)', at);
    if (open) flushText();
    at++;
    const qualified = name();
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      const before = at;
      skipSpace();
      const c = input[at];
      if (c === '>') {
        at++;
        break;
      }
      if (c === '/' && input[at + 1] === '>') {
        at += 2;
        selfClosing = true;
        break;
      }
      if (c === undefined) throw new FrameSyntaxError(`<${qualified}> is not closed`, at);
      if (at === before) throw new FrameSyntaxError('space was expected before an attribute', at);
      const attribute = name();
      skipSpace();
      if (input[at] !== '=') throw new FrameSyntaxError(`'=' was expected after ${attribute}`, at);
      at++;
      skipSpace();
      const quote = input[at];
      if (quote !== '"' && quote !== "'")
        throw new FrameSyntaxError(`${attribute}'s value is not quoted`, at);
      const end = input.indexOf(quote, at + 1);
      if (end < 0) throw new FrameSyntaxError(`${attribute}'s value is not closed`, at);
      const raw = input.slice(at + 1, end);
      if (raw.includes('<')) throw new FrameSyntaxError(`'<' in ${attribute}'s value`, at);
      if (Object.hasOwn(attrs, attribute)) throw new FrameSyntaxError(`${attribute} given twice`, at);
      // XML 1.0 §3.3.3: each white space character of a value becomes a space.
      const value = resolveReferences(raw.replace(/[\t\r\n]/g, ' '), at);
      // An own property even for `__proto__`, which plain assignment would take as the prototype.
      if (attribute === '__proto__') {
        Object.defineProperty(attrs, attribute, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else attrs[attribute] = value;
      at = end + 1;
    }

    const parentScope = open?.scope;
    let scope = parentScope ?? new Map<string, string>([['xml', XML_NS]]);
    for (const key in attrs) {
      if (key === 'xmlns' || key.startsWith('xmlns:')) {
        if (scope === parentScope) scope = new Map(parentScope);
        scope.set(key === 'xmlns' ? '' : key.slice(6), attrs[key]!);
      }
    }
    const colon = qualified.indexOf(':');
    const ns = colon < 0 ? (scope.get('') ?? '') : scope.get(qualified.slice(0, colon));
    if (ns === undefined) throw new FrameSyntaxError(`the prefix of <${qualified}> is not declared`, at);
    for (const key in attrs) {
      const colonAt = key.indexOf(':');
      const prefix = colonAt < 0 ? null : key.slice(0, colonAt);
      if (prefix && prefix !== 'xmlns' && !scope.has(prefix)) {
        throw new FrameSyntaxError(`the prefix of ${key} is not declared`, at);
      }
    }
    const parentNs = open?.ns ?? '';
    if (attrs.xmlns === undefined && ns && ns !== parentNs) attrs.xmlns = ns;
    const element = new XmlElement(qualified, attrs);
    if (open) open.element.append(element);
    else root = element;
    if (selfClosing) {
      if (!open) break;
    } else {
      stack.push({ element, scope, ns });
    }
  }
  if (!root || stack.length > 0) throw new FrameSyntaxError('the element is not closed', at);
  skipSpace();
  if (at < input.length) throw new FrameSyntaxError('content after the element', at);
  return root;
}
