/**
 * Unsaved drafts kept in the browser (docs/security.md "Automatic logoff"): what the provider
 * typed and has not saved — a report she is editing, a message she has not sent, her profile or
 * contact details — written to IndexedDB as she types, so that it survives a reload, a crash and
 * the automatic logoff (which clears local and session storage, spec §8), and is offered back
 * when she signs in again. Records belong to one provider; another signing in on the same browser
 * never sees them. Signing out on purpose asks first and deletes them.
 */

/** What a draft is of, for the lists that name it. */
export type DraftKind = 'report' | 'message' | 'profile' | 'contact';

export interface Draft {
  /** What it is a draft of: `report:{id}`, `message:{dialogId}`, `profile`, `contact`. */
  key: string;
  kind: DraftKind;
  /** The page (path and query) that picks it up again. */
  path: string;
  /** Who or what it is about (a member's or a conversation's name), if anyone. */
  about: string | null;
  /** The form's or editor's values (an object), as the page that wrote them reads them back. */
  value: object;
  /** When it was last written (ms since the epoch). */
  at: number;
}

export interface StoredDraft extends Draft {
  /** `{owner}:{key}`. */
  id: string;
  /** The provider (user id) who typed it. */
  owner: number;
}

export interface DraftStore {
  /** The owner's drafts, oldest first. */
  load(owner: number): Promise<StoredDraft[]>;
  put(record: StoredDraft): Promise<void>;
  remove(id: string): Promise<void>;
  /** Deletes all the owner's drafts (a sign-out on purpose that she confirmed). */
  clear(owner: number): Promise<void>;
}

export const DRAFTS_DB = 'portal-drafts';
const STORE = 'drafts';

export const draftId = (owner: number, key: string) => `${owner}:${key}`;

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ('oncomplete' in request) {
      request.oncomplete = () => resolve();
      request.onerror = () => reject(request.error);
      request.onabort = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    }
  });

/** IndexedDB (`indexedDB` of the page; a fake one in unit tests). */
export function indexedDbDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DRAFTS_DB, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex('owner', 'owner');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = null;
        reject(request.error);
      };
    }));
  const write = async (work: (store: IDBObjectStore) => void) => {
    const transaction = (await db()).transaction(STORE, 'readwrite');
    work(transaction.objectStore(STORE));
    await done(transaction);
  };
  return {
    async load(owner) {
      const request = (await db()).transaction(STORE).objectStore(STORE).index('owner').getAll(owner);
      await done(request);
      return (request.result as StoredDraft[]).sort((a, b) => a.at - b.at);
    },
    put: (record) => write((store) => store.put(record)),
    remove: (id) => write((store) => store.delete(id)),
    clear: (owner) =>
      write((store) => {
        const cursor = store.index('owner').openKeyCursor(owner);
        cursor.onsuccess = () => {
          if (!cursor.result) return;
          store.delete(cursor.result.primaryKey);
          cursor.result.continue();
        };
      }),
  };
}

/** Where IndexedDB is missing (some private modes): drafts live as long as the tab. */
export function memoryDraftStore(): DraftStore {
  const records = new Map<string, StoredDraft>();
  return {
    load: async (owner) => [...records.values()].filter((r) => r.owner === owner).sort((a, b) => a.at - b.at),
    put: async (record) => void records.set(record.id, record),
    remove: async (id) => void records.delete(id),
    clear: async (owner) => {
      for (const [id, record] of records) if (record.owner === owner) records.delete(id);
    },
  };
}
