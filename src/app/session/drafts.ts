/**
 * The signed-in provider's unsaved drafts (draft-store.ts; docs/security.md "Automatic logoff"):
 * a valtio store of this tab's view, written through to IndexedDB as she types. The signed-in
 * area opens them for the provider who signed in; an editor reads its own back once (a reload,
 * or signing in again after the automatic logoff) and drops it once saved or sent.
 */
import { useEffect, useRef } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import {
  draftId,
  indexedDbDraftStore,
  memoryDraftStore,
  type Draft,
  type DraftStore,
  type StoredDraft,
} from './draft-store';

export type { Draft, DraftKind } from './draft-store';

export interface DraftsState {
  /** The provider whose drafts these are; null while signed out. */
  owner: number | null;
  /** Her drafts have been read from the store. */
  loaded: boolean;
  items: Record<string, Draft>;
}

export const drafts = proxy<DraftsState>({ owner: null, loaded: false, items: {} });

let store: DraftStore | null = null;
const pending = new Set<Promise<void>>();

function kept(): DraftStore {
  store ??= typeof indexedDB === 'undefined' ? memoryDraftStore() : indexedDbDraftStore();
  return store;
}

/** Storage failures cost only the keeping across a logoff: the page still has what was typed. */
function track(write: Promise<void>): void {
  const settled = write.catch((error: unknown) => console.warn('Drafts storage', error));
  pending.add(settled);
  void settled.finally(() => pending.delete(settled));
}

const asDraft = ({ key, kind, path, about, value, at }: StoredDraft): Draft => ({
  key,
  kind,
  path,
  about,
  value: ref(value),
  at,
});

/** Reads the provider's drafts (her sign-in, or this tab's first page of her session). */
export async function openDrafts(owner: number): Promise<void> {
  if (drafts.owner === owner) return;
  Object.assign(drafts, { owner, loaded: false, items: {} });
  const stored = await storedDrafts(owner);
  if (drafts.owner !== owner) return;
  for (const draft of stored) drafts.items[draft.key] = draft;
  drafts.loaded = true;
}

/** Signed out: this tab forgets them (the store keeps them unless she deleted them). */
export function closeDrafts(): void {
  Object.assign(drafts, { owner: null, loaded: false, items: {} });
}

/** Keeps what is typed and not saved. */
export function keepDraft(draft: Omit<Draft, 'at'>): void {
  const owner = drafts.owner;
  if (owner === null) return;
  const at = Date.now();
  drafts.items[draft.key] = { ...draft, value: ref(draft.value), at };
  track(kept().put({ ...draft, at, id: draftId(owner, draft.key), owner }));
}

/** It was saved or sent, or she discarded it. */
export function dropDraft(key: string): void {
  const owner = drafts.owner;
  if (owner === null) return;
  if (key in drafts.items) delete drafts.items[key];
  track(kept().remove(draftId(owner, key)));
}

/** Resolves once every draft written so far is in the store (before signing out). */
export async function flushDrafts(): Promise<void> {
  await Promise.all([...pending]);
}

/** The provider's drafts as stored now, every tab's; an unreadable store has none (and says so). */
export async function storedDrafts(owner: number): Promise<Draft[]> {
  try {
    return (await kept().load(owner)).map(asDraft);
  } catch (error) {
    console.warn('Drafts storage', error);
    return [];
  }
}

/** Deletes the provider's drafts (she confirmed signing out without them). */
export async function deleteDrafts(owner: number): Promise<void> {
  await flushDrafts();
  if (drafts.owner === owner) drafts.items = {};
  await kept().clear(owner);
}

/**
 * Hands an editor its draft once, when the drafts are read (at once if they are): the editor puts
 * it back as unsaved changes (null: there is none). A null key waits (the editor does not know
 * its key yet). Until then the editor keeps nothing, or it would overwrite what it is to get back.
 */
export function useRestoredDraft(key: string | null, restore: (draft: Draft | null) => void): void {
  const { loaded } = useSnapshot(drafts);
  const latest = useRef(restore);
  const restored = useRef<string | null>(null);
  useEffect(() => {
    latest.current = restore;
  });
  useEffect(() => {
    if (!loaded || key === null || restored.current === key) return;
    restored.current = key;
    latest.current(drafts.items[key] ?? null);
  }, [loaded, key]);
}
