/** docs/lessons.md §12: text stays text; only http(s) links are links. */
import { describe, expect, it } from 'vitest';
import { linkify } from '../../../../src/app/features/chat/linkify';

describe('linkify', () => {
  it('leaves plain text and markup as one text run', () => {
    expect(linkify('<img src=x onerror=alert(1)> hi')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> hi' },
    ]);
  });

  it('links http and https URLs and keeps the text around them', () => {
    expect(linkify('See https://example.org/a?b=1 and http://x.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://x.test/f',
      'www.example.org',
    ])
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('drops a closing bracket that belongs to the sentence, not the link', () => {
    expect(linkify('(see https://en.wikipedia.org/wiki/PCOS_(disease)) ok')).toEqual([
      { kind: 'text', text: '(see ' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/PCOS_(disease)',
        href: 'https://en.wikipedia.org/wiki/PCOS_(disease)',
      },
      { kind: 'text', text: ') ok' },
    ]);
  });

  it('does not link a scheme-only or broken URL', () => {
    expect(linkify('http:// nothing')).toEqual([{ kind: 'text', text: 'http:// nothing' }]);
  });
});
