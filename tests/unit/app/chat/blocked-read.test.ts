/**
 * The block list read after each login (features/chat/blocked.ts, XEP-0191 §3.2): one that could
 * not be read is a fact Settings shows, with a retry, rather than "You have not blocked anyone";
 * the next read that comes clears it.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadBlocked } from '../../../../src/app/features/chat/blocked';
import { createChatStore } from '../../../../src/app/features/chat/chat-store';

type Runtime = Parameters<typeof loadBlocked>[1];

/** A chat whose block list answers `list`; no legacy privacy list. */
function chatWith(list: () => Promise<number[]>): Runtime {
  return {
    chat: {
      blocking: { list },
      privacy: {
        getList: async () => ({ items: [] }),
        setAsDefault: async () => undefined,
        delete: async () => undefined,
      },
    },
  } as unknown as Runtime;
}

describe('loadBlocked', () => {
  it('marks a list that could not be read, and clears the mark when a read comes', async () => {
    const store = createChatStore(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await loadBlocked(
        store,
        chatWith(() => Promise.reject(new Error('timeout'))),
      );
      expect(store.state.blockedFailed).toBe(true);
      expect(store.state.blocked).toEqual([]);
      // Blocking someone meanwhile is a change, not a read: the list is still not known whole.
      store.setBlocked([200005]);
      expect(store.state.blockedFailed).toBe(true);

      await loadBlocked(
        store,
        chatWith(async () => [200006]),
      );
      expect(store.state.blockedFailed).toBe(false);
      expect(store.state.blocked).toEqual([200006]);
      store.reset();
      expect(store.state.blockedFailed).toBe(false);
    } finally {
      warn.mockRestore();
    }
  });
});
