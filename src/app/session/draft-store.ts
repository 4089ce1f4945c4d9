/**
 * Unsaved drafts kept in the browser (docs/security.md "Automatic logoff"): what the provider
 * typed and has not saved — a report she is editing, a message she has not sent, her profile or
 * contact details — written to IndexedDB as she types, so that it survives a reload, a crash and
 * the automatic logoff (which clears local and session storage, spec §8), and is offered back
 * when she signs in again. Records belong to one provider; another signing in on the same browser
 * never sees them. Signing out on purpose asks first and deletes them.
 */
import { indexedDbOwnedRecords, memoryOwnedRecords, type OwnedRecords } from '../storage/owned-records';

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

/** The owner's drafts, oldest first; `remove` takes a draft's `id` (storage/owned-records.ts). */
export type DraftStore = OwnedRecords<StoredDraft>;

export const DRAFTS_DB = 'portal-drafts';

/** IndexedDB (`indexedDB` of the page; a fake one in unit tests). */
export const indexedDbDraftStore = (factory?: IDBFactory): DraftStore =>
  indexedDbOwnedRecords<StoredDraft>({ database: DRAFTS_DB, store: 'drafts', keyPath: 'id' }, factory);

/** Where IndexedDB is missing (some private modes): drafts live as long as the tab. */
export const memoryDraftStore = (): DraftStore => memoryOwnedRecords<StoredDraft>((record) => record.id);
