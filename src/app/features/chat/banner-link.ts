/**
 * Which chat connection state the banner on /message tells (spec §4 chat connection states), or
 * null for none. The chat's start (not yet connected, connecting) is told only once it is overdue:
 * a connection that comes up at once shows no banner, which would push the conversations down and
 * pull them back up as the page opens (docs/performance.md "Layout shifts"). Lost, offline and
 * failed connections, and messages waiting to go out, are told at once.
 */
import type { ChatLink } from '../../connections';

/** How long the chat may take to start before the banner says it is connecting. */
export const START_BANNER_DELAY_MS = 2_000;

export const isChatStarting = (link: ChatLink): boolean => link === 'idle' || link === 'connecting';

export function bannerLink(link: ChatLink, waiting: number, startOverdue: boolean): ChatLink | null {
  if (waiting > 0) return link;
  if (link === 'online') return null;
  if (isChatStarting(link) && !startOverdue) return null;
  return link;
}
