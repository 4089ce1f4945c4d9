/**
 * User text is rendered as text; only http(s) links become clickable (docs/lessons.md §12: chat XSS
 * through auto-linked URLs). This splits a text into plain runs and http(s) links. Pure.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_LIKE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?'"»”’]+$/;

/** Drops trailing punctuation and a closing bracket that has no opening one in the link. */
function trimLink(candidate: string): string {
  let link = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (link.endsWith(close) && link.split(open).length < link.split(close).length) {
      link = link.slice(0, -1).replace(TRAILING, '');
    }
  }
  return link;
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    // Not a URL after all: it stays text.
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_LIKE)) {
    const link = trimLink(match[0]);
    const href = safeHref(link);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: link, href });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
