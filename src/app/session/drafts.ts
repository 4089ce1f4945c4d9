/**
 * The signed-in provider's unsaved drafts (draft-store.ts; docs/security.md "Automatic logoff"):
 * a valtio store of this tab's view, written through to IndexedDB as she types. The signed-in
 * area opens them for the provider who signed in; an editor reads its own back once (a reload,
 * or signing in again after the automatic logoff) and drops it once saved or sent.
 */
import { useEffect, useRef } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import type { Draft, DraftStore, StoredDraft } from './draft-store';

export type { Draft, DraftKind } from './draft-store';

export interface DraftsState {
  /** The provider whose drafts these are; null while signed out. */
  owner: number | null;
  /** Her drafts have been read from the store. */
  loaded: boolean;
  items: Record<string, Draft>;
}

export interface Drafts {
  /** This tab's view (valtio: `useSnapshot(drafts.state)`). */
  readonly state: DraftsState;
  /** Reads the provider's drafts (her sign-in, or this tab's first page of her session). */
  open(owner: number): Promise<void>;
  /** Signed out: this tab forgets them (the store keeps them unless she deleted them). */
  close(): void;
  /** Keeps what is typed and not saved. */
  keep(draft: Omit<Draft, 'at'>): void;
  /** It was saved or sent, or she discarded it. */
  drop(key: string): void;
  /** Resolves once every draft written so far is in the store (before signing out). */
  flush(): Promise<void>;
  /** The provider's drafts as stored now, every tab's; an unreadable store has none (and says so). */
  stored(owner: number): Promise<Draft[]>;
  /** Deletes the provider's drafts (she confirmed signing out without them). */
  deleteAll(owner: number): Promise<void>;
}

/** A draft's record id: one per provider and key. */
export const draftId = (owner: number, key: string) => `${owner}:${key}`;

/** The browser's store, loaded with the first draft read or kept (not with the portal's entry). */
const browserDraftStore = () =>
  import('./draft-store').then((m) =>
    typeof indexedDB === 'undefined' ? m.memoryDraftStore() : m.indexedDbDraftStore(),
  );

const asDraft = ({ key, kind, path, about, value, at }: StoredDraft): Draft => ({
  key,
  kind,
  path,
  about,
  value: ref(value),
  at,
});

/**
 * The drafts of one portal root (src/app/root/portal-root.ts): they outlive every signed-in shell,
 * so a draft typed before the automatic logoff is there after the next sign-in. `store` is where
 * they are kept (IndexedDB, or memory without it), opened on first use; `now` is the clock.
 */
export function createDrafts(
  store: () => DraftStore | Promise<DraftStore> = browserDraftStore,
  now: () => number = Date.now,
): Drafts {
  const state = proxy<DraftsState>({ owner: null, loaded: false, items: {} });
  let opened: Promise<DraftStore> | null = null;
  const pending = new Set<Promise<void>>();
  const kept = () => (opened ??= Promise.resolve().then(store));

  /** Storage failures cost only the keeping across a logoff: the page still has what was typed. */
  function track(write: Promise<void>): void {
    const settled = write.catch((error: unknown) => console.warn('Drafts storage', error));
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  }

  async function stored(owner: number): Promise<Draft[]> {
    try {
      return (await (await kept()).load(owner)).map(asDraft);
    } catch (error) {
      console.warn('Drafts storage', error);
      return [];
    }
  }

  async function flush(): Promise<void> {
    await Promise.all([...pending]);
  }

  return {
    state,
    async open(owner) {
      if (state.owner === owner) return;
      Object.assign(state, { owner, loaded: false, items: {} });
      const found = await stored(owner);
      if (state.owner !== owner) return;
      for (const draft of found) state.items[draft.key] = draft;
      state.loaded = true;
    },
    close() {
      Object.assign(state, { owner: null, loaded: false, items: {} });
    },
    keep(draft) {
      const owner = state.owner;
      if (owner === null) return;
      const at = now();
      state.items[draft.key] = { ...draft, value: ref(draft.value), at };
      const record = { ...draft, at, id: draftId(owner, draft.key), owner };
      track(kept().then((place) => place.put(record)));
    },
    drop(key) {
      const owner = state.owner;
      if (owner === null) return;
      if (key in state.items) delete state.items[key];
      track(kept().then((place) => place.remove(draftId(owner, key))));
    },
    flush,
    stored,
    async deleteAll(owner) {
      await flush();
      if (state.owner === owner) state.items = {};
      await (await kept()).clear(owner);
    },
  };
}

/**
 * Hands an editor its draft once, when the drafts are read (at once if they are): the editor puts
 * it back as unsaved changes (null: there is none). A null key waits (the editor does not know
 * its key yet). Until then the editor keeps nothing, or it would overwrite what it is to get back.
 */
export function useRestoredDraft(
  drafts: Drafts,
  key: string | null,
  restore: (draft: Draft | null) => void,
): void {
  const { loaded } = useSnapshot(drafts.state);
  const latest = useRef(restore);
  const restored = useRef<string | null>(null);
  useEffect(() => {
    latest.current = restore;
  });
  useEffect(() => {
    if (!loaded || key === null || restored.current === key) return;
    restored.current = key;
    latest.current(drafts.state.items[key] ?? null);
  }, [drafts, loaded, key]);
}
