/**
 * The notification red dot (spec §1 "Red-dot indicators", §4 Notifications;
 * features/notifications/red-dot-store.ts): a push shows it at once, the tree and the mark-read
 * answers correct it, and each signed-in shell has its own (runtime/portal-runtime.ts), so the next
 * provider's shell does not start with the last one's dot.
 */
import { describe, expect, it } from 'vitest';
import { createRedDotStore } from '../../../../src/app/features/notifications/red-dot-store';

describe('the notification red dot', () => {
  it('shows a push at once, even one that counts nothing, and takes the tree’s count after it', () => {
    const dots = createRedDotStore();
    dots.applyPush(0);
    expect(dots.state).toEqual({ notification: true, unread: 1 });
    dots.applyTree({ key: 'NOTIFICATION', count: 3, children: [] });
    expect(dots.state).toEqual({ notification: true, unread: 3 });
    dots.applyRedDot({ notification: false, unread: 0 });
    expect(dots.state).toEqual({ notification: false, unread: 0 });
  });

  it('is one per shell: a reset or a push in one leaves the other as it was', () => {
    const first = createRedDotStore();
    const next = createRedDotStore();
    first.applyPush(4);
    expect(next.state).toEqual({ notification: false, unread: 0 });
    next.applyPush(2);
    first.reset();
    expect(first.state).toEqual({ notification: false, unread: 0 });
    expect(next.state).toEqual({ notification: true, unread: 2 });
  });
});
