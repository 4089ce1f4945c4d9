/**
 * The tabs of this browser for the kept outbox (outbox-store.ts; docs/architecture.md §3
 * "Outbox"), through the Web Locks API: each page holds a lock named after its random id for as
 * long as it lives, so a held name is a live tab; one shared lock makes a take-over exclusive.
 * Without Web Locks every other tab counts as gone (a page takes over everything it finds).
 */
import type { TabRegistry } from './outbox-store';

const TAB_LOCK = 'portal-tab:';
const CLAIM_LOCK = 'portal-chat-outbox';

export function browserTabs(): TabRegistry {
  const id = crypto.randomUUID();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { id, exclusive: (work) => work(() => false) };
  // Held until the page goes away: never resolved.
  void locks.request(`${TAB_LOCK}${id}`, () => new Promise<never>(() => undefined));
  return {
    id,
    exclusive: (work) =>
      locks.request(CLAIM_LOCK, async () => {
        const { held = [] } = await locks.query();
        const live = new Set(held.map((lock) => lock.name));
        return work((tab) => live.has(`${TAB_LOCK}${tab}`));
      }),
  };
}
