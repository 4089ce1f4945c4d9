/** The console's filters (docs/console.md "Filters and follow"): every given field must match. */
import type { TraceEntry } from './types';

export interface TraceFilter {
  connection?: string;
  direction?: 'in' | 'out' | 'local' | '';
  /** Prefix of the kind (`message`, `sm/`, `call/`, `stomp/MESSAGE`) or the channel. */
  type?: string;
  namespace?: string;
  jid?: string;
  dialog?: string;
  text?: string;
  /** Follow one id (a message id across its stanza, markers, history record, red dot). */
  follow?: string;
}

const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

export function matchesFilter(entry: TraceEntry, filter: TraceFilter): boolean {
  if (filter.connection && !has(entry.connection, filter.connection)) return false;
  if (filter.direction && entry.direction !== filter.direction) return false;
  if (filter.type && !entry.kind.startsWith(filter.type) && entry.channel !== filter.type) return false;
  if (filter.namespace && !entry.namespaces.some((ns) => has(ns, filter.namespace!))) return false;
  if (filter.jid && !entry.jids.some((jid) => has(jid, filter.jid!))) return false;
  if (filter.dialog && entry.dialogId !== filter.dialog && !entry.raw.includes(filter.dialog)) return false;
  if (filter.text && !has(entry.raw, filter.text) && !has(entry.summary, filter.text)) return false;
  if (filter.follow && !entry.ids.includes(filter.follow) && !entry.raw.includes(filter.follow)) return false;
  return true;
}
