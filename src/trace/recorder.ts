/**
 * The recorder (docs/console.md): one timeline, fed by any number of connections, in the browser
 * (the console) and in Node (tests, the member simulator). Paused, it drops what arrives; it keeps
 * the newest `limit` entries.
 */
import type { ChatClient, XmlElement } from '../xmpp';
import { decodeBosh, type BoshRequest } from './decode-bosh';
import { decodeRest, recordingFetch, type RestCall } from './decode-rest';
import { decodeStomp } from './decode-stomp';
import { decodeXmpp } from './decode-xmpp';
import { exportTrace } from './trace-file';
import type { TraceEntry, TraceInput } from './types';

export type TraceListener = (entries: readonly TraceEntry[]) => void;

export interface Recorder {
  readonly entries: readonly TraceEntry[];
  paused: boolean;
  xmpp(connection: string, direction: 'in' | 'out', element: XmlElement): void;
  stomp(connection: string, direction: 'in' | 'out', frame: string | Uint8Array | ArrayBuffer): void;
  rest(connection: string, call: RestCall): void;
  bosh(connection: string, request: BoshRequest): void;
  note(connection: string, text: string, error?: string): void;
  /** An entry decoded elsewhere (a live tab, an imported file): renumbered, kept as it is. */
  add(input: TraceInput): void;
  clear(): void;
  /** Replaces the timeline (an imported file). */
  load(entries: readonly TraceEntry[]): void;
  subscribe(listener: TraceListener): () => void;
  /** The trace file's JSON text, secrets masked. */
  toJSON(): string;
  /**
   * Records a chat client's stanzas, and over BOSH its HTTP requests (as `boshConnection`), until
   * the returned function is called.
   */
  attachChat(connection: string, chat: Pick<ChatClient, 'traffic'>, boshConnection?: string): () => void;
  /** A fetch that records each REST call. */
  fetch(connection: string, service: RestCall['service'], base?: typeof fetch): typeof fetch;
}

export interface RecorderOptions {
  now?: () => number;
  limit?: number;
}

export function createRecorder({ now = Date.now, limit = 20_000 }: RecorderOptions = {}): Recorder {
  // The newest `limit` entries are kept[start..]; the dropped front is cut off once it is as long as
  // the limit, so an entry costs O(1) however full the timeline is (a copy of the whole timeline
  // per entry made a 20,000-entry recorder the slowest part of a Node process carrying a burst).
  let kept: TraceEntry[] = [];
  let start = 0;
  // What `entries` hands out, made when first asked for after a change.
  let snapshot: readonly TraceEntry[] | null = [];
  let seq = 0;
  const listeners = new Set<TraceListener>();
  const changed = () => {
    if (listeners.size === 0) return;
    for (const listener of [...listeners]) listener(recorder.entries);
  };
  const replace = (next: TraceEntry[]) => {
    kept = next;
    start = 0;
    snapshot = null;
    changed();
  };
  const recorder: Recorder = {
    get entries() {
      snapshot ??= start === 0 ? kept.slice() : kept.slice(start);
      return snapshot;
    },
    paused: false,
    add(input) {
      if (recorder.paused) return;
      kept.push({ seq: ++seq, ...input });
      if (kept.length - start > limit) start++;
      if (start >= limit) {
        kept = kept.slice(start);
        start = 0;
      }
      snapshot = null;
      changed();
    },
    xmpp(connection, direction, element) {
      if (!recorder.paused) recorder.add(decodeXmpp(element, connection, direction, now()));
    },
    stomp(connection, direction, frame) {
      if (!recorder.paused) recorder.add(decodeStomp(frame, connection, direction, now()));
    },
    rest(connection, call) {
      if (!recorder.paused) recorder.add(decodeRest(call, connection, now()));
    },
    bosh(connection, request) {
      if (!recorder.paused) recorder.add(decodeBosh(request, connection, now()));
    },
    note(connection, text, error) {
      const entry: TraceInput = {
        time: now(),
        connection,
        channel: 'note',
        direction: 'local',
        size: 0,
        kind: 'note',
        summary: text,
        raw: text,
        namespaces: [],
        jids: [],
        ids: [],
      };
      if (error) entry.error = error;
      recorder.add(entry);
    },
    clear() {
      replace([]);
    },
    load(loaded) {
      seq = loaded.reduce((max, entry) => Math.max(max, entry.seq), 0);
      replace([...loaded]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toJSON: () => exportTrace(recorder.entries),
    attachChat(connection, chat, boshConnection = connection) {
      const offStanzas = chat.traffic.on('stanza', ({ direction, element }) =>
        recorder.xmpp(connection, direction, element),
      );
      const offRequests = chat.traffic.on('boshRequest', (request) => recorder.bosh(boshConnection, request));
      return () => {
        offStanzas();
        offRequests();
      };
    },
    fetch(connection, service, base) {
      return recordingFetch((call) => recorder.rest(connection, call), service, base);
    },
  };
  return recorder;
}
