/**
 * The outbox kept in the browser (docs/architecture.md §3 "Outbox"): what the provider gave
 * while the chat was down is written to IndexedDB before it is tried, so it survives a reload
 * and a crash of the tab, and is taken out once the server has it (a message: its stream
 * management acknowledgement; a read marker: once sent). Each record carries the id the message
 * was given when typed, the one it is sent with: a restored message the history already holds is
 * not sent again (outbox-delivered.ts), and one sent again merges with the history by id.
 * Records belong to one chat user; another provider signing in on the same browser never sends them. Each record is
 * sent by the tab that wrote it; a page takes over only the records of tabs that are gone
 * (reloaded, closed, crashed), so two open tabs never send one message twice.
 */
import { indexedDbOwnedRecords, memoryOwnedRecords, type OwnedRecords } from '../../storage/owned-records';
import type { Outgoing } from './types';

export interface StoredOutgoing {
  /** The message id, or `read:{messageId}` for a read marker. */
  key: string;
  /** The chat user who gave it. */
  owner: number;
  /** When it was given (ms); the conversation shows it at that time. */
  at: number;
  /** The tab that sends it (tab-registry.ts): another live tab of the browser leaves it alone. */
  tab: string;
  item: Outgoing;
}

/** The tabs of this browser (Web Locks in the portal). */
export interface TabRegistry {
  readonly id: string;
  /** Runs `work` alone among the tabs, knowing which tabs are alive. */
  exclusive<T>(work: (alive: (tab: string) => boolean) => Promise<T>): Promise<T>;
}

/** The owner's records, oldest first; `remove` takes a record's key (storage/owned-records.ts). */
export type OutboxStore = OwnedRecords<StoredOutgoing>;

export const OUTBOX_DB = 'portal-chat-outbox';

export function outgoingKey(item: Outgoing): string | null {
  if (item.kind === 'read') return `read:${item.messageId}`;
  return item.message.id ?? null;
}

/** IndexedDB (`indexedDB` of the page; a fake one in unit tests). */
export const indexedDbOutboxStore = (factory?: IDBFactory): OutboxStore =>
  indexedDbOwnedRecords<StoredOutgoing>({ database: OUTBOX_DB, store: 'outgoing', keyPath: 'key' }, factory);

/** Where IndexedDB is missing (some private modes): the outbox lives as long as the tab. */
export const memoryOutboxStore = (): OutboxStore =>
  memoryOwnedRecords<StoredOutgoing>((record) => record.key);

/** How many of the owner's kept records are messages not yet sent (read markers aside). */
export async function unsentMessageCount(store: OutboxStore, owner: number): Promise<number> {
  return (await restoreOutbox(store, owner)).filter((record) => record.item.kind !== 'read').length;
}

/** The owner's kept records; an unreadable store restores nothing (and says so). */
export async function restoreOutbox(store: OutboxStore, owner: number): Promise<StoredOutgoing[]> {
  try {
    return await store.load(owner);
  } catch (error) {
    console.warn('Chat outbox storage', error);
    return [];
  }
}

/**
 * The records this tab sends: its own and those of tabs that are gone, taken over (re-tagged) in
 * one exclusive step so two pages starting together do not both take them.
 */
export function claimOutbox(store: OutboxStore, owner: number, tabs: TabRegistry): Promise<StoredOutgoing[]> {
  return tabs.exclusive(async (alive) => {
    const claimed: StoredOutgoing[] = [];
    for (const record of await restoreOutbox(store, owner)) {
      if (record.tab !== tabs.id && alive(record.tab)) continue;
      const mine = { ...record, tab: tabs.id };
      if (record.tab !== tabs.id) await store.put(mine).catch(() => undefined);
      claimed.push(mine);
    }
    return claimed;
  });
}
