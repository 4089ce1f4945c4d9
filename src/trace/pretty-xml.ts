/** Indented XML for reading (docs/console.md): one element per line, short text kept inline. */
import type { XmlElement } from '../xmpp';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

export function prettyXml(element: XmlElement, depth = 0): string {
  const pad = '  '.repeat(depth);
  let open = `<${element.name}`;
  for (const [key, value] of Object.entries(element.attrs)) open += ` ${key}="${escape(value)}"`;
  if (element.children.length === 0) return `${pad}${open}/>`;
  const onlyText = element.children.every((child) => typeof child === 'string');
  if (onlyText) return `${pad}${open}>${escape(element.text())}</${element.name}>`;
  const lines = [`${pad}${open}>`];
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (child.trim()) lines.push(`${pad}  ${escape(child.trim())}`);
    } else lines.push(prettyXml(child, depth + 1));
  }
  lines.push(`${pad}</${element.name}>`);
  return lines.join('\n');
}
