/**
 * Records kept in the browser for one signed-in user each: an IndexedDB object store indexed by
 * `owner`, read oldest first, and a stand-in that lives as long as the tab where IndexedDB is
 * missing (some private modes). The chat outbox (docs/architecture.md §3 "Outbox") and the
 * unsaved drafts (§3 "Drafts") are kept this way.
 */

/** A record of one user's, in the order it was written. */
export interface OwnedRecord {
  owner: number;
  /** When it was written (ms since the epoch): records load oldest first. */
  at: number;
}

export interface OwnedRecords<R extends OwnedRecord> {
  /** The owner's records, oldest first. */
  load(owner: number): Promise<R[]>;
  put(record: R): Promise<void>;
  remove(key: string): Promise<void>;
  /** Deletes all the owner's records. */
  clear(owner: number): Promise<void>;
}

export interface OwnedRecordsPlace<R extends OwnedRecord> {
  /** The IndexedDB database, one per kind of record. */
  database: string;
  store: string;
  /** The property that names a record (the object store's key path). */
  keyPath: keyof R & string;
}

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

const oldestFirst = <R extends OwnedRecord>(records: R[]) => records.sort((a, b) => a.at - b.at);

/** The records in IndexedDB (`indexedDB` of the page; a fake one in unit tests). */
export function indexedDbOwnedRecords<R extends OwnedRecord>(
  place: OwnedRecordsPlace<R>,
  factory: IDBFactory = indexedDB,
): OwnedRecords<R> {
  const { database, store: name, keyPath } = place;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(database, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(name, { keyPath }).createIndex('owner', 'owner');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = null;
        reject(request.error);
      };
    }));
  const write = async (work: (store: IDBObjectStore) => void) => {
    const transaction = (await db()).transaction(name, 'readwrite');
    work(transaction.objectStore(name));
    await done(transaction);
  };
  return {
    async load(owner) {
      const request = (await db()).transaction(name).objectStore(name).index('owner').getAll(owner);
      await done(request);
      return oldestFirst(request.result as R[]);
    },
    put: (record) => write((store) => store.put(record)),
    remove: (key) => write((store) => store.delete(key)),
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

/** Where IndexedDB is missing: the records live as long as the tab. */
export function memoryOwnedRecords<R extends OwnedRecord>(keyOf: (record: R) => string): OwnedRecords<R> {
  const records = new Map<string, R>();
  return {
    load: async (owner) => oldestFirst([...records.values()].filter((r) => r.owner === owner)),
    put: async (record) => void records.set(keyOf(record), record),
    remove: async (key) => void records.delete(key),
    clear: async (owner) => {
      for (const [key, record] of records) if (record.owner === owner) records.delete(key);
    },
  };
}
