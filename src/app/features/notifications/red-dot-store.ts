/**
 * The notification red dot (spec §1 "Red-dot indicators", §4 Notifications), realtime state in
 * valtio owned by this module (docs/architecture.md §3): set by a push of type 2 in a server message of
 * type 3, corrected by every tree refresh and every mark-read answer.
 */
import { proxy } from 'valtio';
import type { NotificationTree, RedDotState } from '../../../shared/api/notifications';

export interface RedDotStore {
  notification: boolean;
  unread: number;
}

export const redDots = proxy<RedDotStore>({ notification: false, unread: 0 });

/** A red-dot push arrived: show the dot at once (the tree refresh that follows sets the count). */
export function applyPush(count: number): void {
  redDots.notification = true;
  redDots.unread = Math.max(count, 1);
}

export function applyRedDot(state: RedDotState): void {
  redDots.notification = state.notification;
  redDots.unread = state.unread;
}

export function applyTree(tree: NotificationTree): void {
  applyRedDot({ notification: tree.count > 0, unread: tree.count });
}

export function resetRedDots(): void {
  redDots.notification = false;
  redDots.unread = 0;
}
