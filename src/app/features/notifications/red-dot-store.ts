/**
 * The notification red dot (spec §1 "Red-dot indicators", §4 Notifications), realtime state in
 * valtio (docs/architecture.md §3): set by a push of type 2 in a server message of type 3,
 * corrected by every tree refresh and every mark-read answer. One store per signed-in shell
 * (runtime/portal-runtime.ts), read through `RedDotContext`: the next provider's shell starts clean.
 */
import { proxy } from 'valtio';
import { requiredContext } from '../../components/required-context';
import type { NotificationTree, RedDotState } from '../../../shared/api/notifications';

export interface MenuRedDotState {
  notification: boolean;
  unread: number;
}

export interface RedDotStore {
  /** What the menu reads (valtio: `useSnapshot(redDots.state)`). */
  readonly state: MenuRedDotState;
  /** A red-dot push arrived: show the dot at once (the tree refresh that follows sets the count). */
  applyPush(count: number): void;
  applyRedDot(state: RedDotState): void;
  applyTree(tree: NotificationTree): void;
  reset(): void;
}

export function createRedDotStore(): RedDotStore {
  const state = proxy<MenuRedDotState>({ notification: false, unread: 0 });
  const applyRedDot = (next: RedDotState) => {
    state.notification = next.notification;
    state.unread = next.unread;
  };
  return {
    state,
    applyPush(count) {
      state.notification = true;
      state.unread = Math.max(count, 1);
    },
    applyRedDot,
    applyTree: (tree) => applyRedDot({ notification: tree.count > 0, unread: tree.count }),
    reset: () => applyRedDot({ notification: false, unread: 0 }),
  };
}

/** The signed-in shell's red dots (signed-in-shell.tsx provides them). */
const redDots = requiredContext<RedDotStore>(
  'The red dots are read inside the signed-in shell (RedDotContext)',
);
export const RedDotContext = redDots.Context;
export const useRedDots = redDots.use;
