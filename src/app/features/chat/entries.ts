/**
 * Chat entries: the messages of one dialog as the portal keeps them, merged by message id and
 * never by arrival (docs/lessons.md §4: no gaps and no duplicates after a reconnect). Pure functions.
 */
import type { CallRecord } from '../../../shared/call-record';

/** An attachment as the chat service and the members' SDKs send it (docs/wire/hosted-chat.md §14.2). */
export type EntryAttachment = {
  id?: string;
  uid?: string;
  type?: string;
  name?: string;
  size?: number;
  url?: string;
};

export interface ChatEntry {
  /** The stanza id, which is also the history `_id` (docs/wire/hosted-chat.md §11). */
  id: string;
  dialogId: string;
  senderId: number;
  body: string;
  attachments: EntryAttachment[];
  /** A call's record (src/shared/call-record.ts), shown as a call card; null for any other message. */
  call: CallRecord | null;
  /** Display time (ms): the server's date when known at first sight, else this browser's clock. */
  sentAt: number;
  /** The server's `date_sent` (Unix seconds) when known: anchors history paging. */
  serverDate: number | null;
  /** Tie-break among entries of the same second: the order they were first seen in. */
  seq: number;
  /** The server has it: from history, received live, or acknowledged (spec §3 "sent to server"). */
  onServer: boolean;
  /** Own message refused (e.g. blocked): spec §3 status "fail". */
  failed: boolean;
  /** Users who confirmed delivery / reading (spec §3 "received", "read"). */
  deliveredTo: number[];
  readBy: number[];
}

const union = (a: number[], b: number[]) => (b.every((x) => a.includes(x)) ? a : [...new Set([...a, ...b])]);

/** Two copies of the same message: what each knows, combined. The first seen keeps its place. */
export function mergeEntry(known: ChatEntry, other: ChatEntry): ChatEntry {
  const merged: ChatEntry = {
    ...known,
    body: known.body || other.body,
    attachments: known.attachments.length > 0 ? known.attachments : other.attachments,
    call: known.call ?? other.call,
    serverDate: known.serverDate ?? other.serverDate,
    onServer: known.onServer || other.onServer,
    failed: known.failed && !other.onServer,
    deliveredTo: union(known.deliveredTo, other.deliveredTo),
    readBy: union(known.readBy, other.readBy),
  };
  const same = (Object.keys(merged) as Array<keyof ChatEntry>).every((k) => merged[k] === known[k]);
  return same ? known : merged;
}

export function compareEntries(a: ChatEntry, b: ChatEntry): number {
  return a.sentAt - b.sentAt || a.seq - b.seq;
}

/** Merges `incoming` into `current` (sorted) by id; the result is sorted, one entry per id. */
export function mergeEntries(current: readonly ChatEntry[], incoming: readonly ChatEntry[]): ChatEntry[] {
  const byId = new Map(current.map((e) => [e.id, e]));
  let changed = false;
  for (const entry of incoming) {
    const known = byId.get(entry.id);
    const next = known ? mergeEntry(known, entry) : entry;
    if (next !== known) {
      byId.set(entry.id, next);
      changed = true;
    }
  }
  if (!changed) return current as ChatEntry[];
  return [...byId.values()].sort(compareEntries);
}

/**
 * The query for the page of history before everything we hold (spec §9 page size): anchored at
 * the oldest server date we know, skipping the messages of that same second we already have
 * (dates are whole seconds; the server orders a second by arrival). Null when nothing is anchored.
 */
export function olderPageQuery(
  entries: readonly ChatEntry[],
  limit: number,
): { 'date_sent[lte]': number; skip: number; limit: number; sort_desc: 'date_sent' } | null {
  const dated = entries.filter((e) => e.serverDate !== null);
  if (dated.length === 0) return null;
  const oldest = Math.min(...dated.map((e) => e.serverDate!));
  const skip = dated.filter((e) => e.serverDate === oldest).length;
  return { 'date_sent[lte]': oldest, skip, limit, sort_desc: 'date_sent' };
}

/**
 * The query that catches up after a reconnect (docs/lessons.md §4): everything from the newest
 * second we know, oldest first; the merge by id drops what we already have.
 */
export function catchUpQuery(
  entries: readonly ChatEntry[],
  limit: number,
  skip = 0,
): { 'date_sent[gte]': number; skip: number; limit: number; sort_asc: 'date_sent' } | null {
  const dates = entries.flatMap((e) => (e.serverDate === null ? [] : [e.serverDate]));
  if (dates.length === 0) return null;
  return { 'date_sent[gte]': Math.max(...dates), skip, limit, sort_asc: 'date_sent' };
}
