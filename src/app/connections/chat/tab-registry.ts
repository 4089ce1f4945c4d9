/**
 * The tabs of this browser for the kept outbox (outbox-store.ts; docs/architecture.md §3
 * "Outbox"), through the Web Locks API: each page holds a lock named after its random id for as
 * long as it lives, so a held name is a live tab; one shared lock makes a take-over exclusive.
 * Without Web Locks every other tab counts as gone (a page takes over everything it finds).
 * The portal runtime holds one registry while it runs and releases it when it stops.
 */
import type { TabRegistry } from './outbox-store';

const TAB_LOCK = 'portal-tab:';
const CLAIM_LOCK = 'portal-chat-outbox';

/** A registry this page holds until `release` (then another page may take over its records). */
export interface HeldTabRegistry extends TabRegistry {
  release(): void;
}

export function browserTabs(): HeldTabRegistry {
  const id = crypto.randomUUID();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { id, exclusive: (work) => work(() => false), release: () => undefined };
  // Held until released or the page goes away.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  void locks.request(`${TAB_LOCK}${id}`, () => held);
  return {
    id,
    release,
    exclusive: (work) =>
      locks.request(CLAIM_LOCK, async () => {
        const { held = [] } = await locks.query();
        const live = new Set(held.map((lock) => lock.name));
        return work((tab) => live.has(`${TAB_LOCK}${tab}`));
      }),
  };
}
