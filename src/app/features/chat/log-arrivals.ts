/**
 * What the message log reads out (docs/conventions.md "Accessibility"): the messages of others
 * that came in after the conversation was shown — never its history on open, nor older pages
 * added above, nor rows the virtualiser renders as the reader scrolls.
 */
import type { ChatEntry } from './entries';

/**
 * The entries after `previousLast` (the id of the newest entry already shown, null when the
 * conversation was shown empty) that others sent. Nothing before the conversation was shown
 * (`shown` false: the history arriving on open) or when `previousLast` is no longer in the list.
 */
export function newArrivals(
  shown: boolean,
  previousLast: string | null,
  entries: readonly ChatEntry[],
  me: number | null,
): ChatEntry[] {
  if (!shown) return [];
  const at = previousLast === null ? -1 : entries.findIndex((entry) => entry.id === previousLast);
  if (previousLast !== null && at < 0) return [];
  return entries.slice(at + 1).filter((entry) => entry.senderId !== me);
}
