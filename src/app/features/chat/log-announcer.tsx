/**
 * The spoken part of the message log (docs/conventions.md "Accessibility"). The log is a polite
 * live region (`role="log"`), but the rows inside it are rendered by the virtualiser as history
 * loads and the reader scrolls, so they are marked `aria-live="off"`; what the log reads out is
 * this list of the messages that came in since the conversation was shown (log-arrivals.ts).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_BODY } from './convert';
import type { ChatEntry } from './entries';
import { newArrivals } from './log-arrivals';

/** The newest arrivals kept in the region: what a screen reader may still be reading. */
const KEEP = 5;

export function LogAnnouncer({
  entries,
  loaded,
  me,
}: {
  entries: readonly ChatEntry[];
  /** The newest page of history is in: from then on, new messages are read out. */
  loaded: boolean;
  me: number | null;
}) {
  const { t } = useTranslation('messages');
  const [spoken, setSpoken] = useState<readonly ChatEntry[]>([]);
  // What was on screen at the last change: nothing yet until the history is in.
  const shown = useRef<{ last: string | null } | null>(null);
  useLayoutEffect(() => {
    if (!loaded) return;
    const arrived = newArrivals(shown.current !== null, shown.current?.last ?? null, entries, me);
    shown.current = { last: entries.at(-1)?.id ?? shown.current?.last ?? null };
    if (arrived.length > 0) setSpoken((before) => [...before, ...arrived].slice(-KEEP));
  }, [entries, loaded, me]);
  // The words are the item's generated content (accessible text to a screen reader), not text in
  // the page: the message is already there once, in its row, for everything that reads the page.
  return (
    <ul className="sr-only" data-testid="log-announcer">
      {spoken.map((entry) => (
        <li
          key={entry.id}
          className="before:content-[attr(data-say)]"
          data-say={!entry.body || entry.body === ATTACHMENT_BODY ? t('attachment') : entry.body}
        />
      ))}
    </ul>
  );
}
