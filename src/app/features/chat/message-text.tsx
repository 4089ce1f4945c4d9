/** User text as text (docs/lessons.md §12): React escapes it; only http(s) links are clickable. */
import { useMemo } from 'react';
import { linkify } from './linkify';

export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <p className="break-words whitespace-pre-wrap">
      {parts.map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
