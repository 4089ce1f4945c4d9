/**
 * One timeline of a session's traffic (docs/console.md): every XMPP element, STOMP frame and REST
 * call of every connection, decoded once when recorded, so a saved trace opens the same way it
 * was seen live.
 */
export type TraceChannel = 'xmpp' | 'stomp' | 'rest' | 'note';
export type TraceDirection = 'in' | 'out' | 'local';

export interface TraceEntry {
  /** Order of recording, from 1. */
  seq: number;
  /** Epoch milliseconds. */
  time: number;
  /** Which connection, e.g. `portal tab 3f2a · chat`, `member ava · chat`, `provider · socket`. */
  connection: string;
  channel: TraceChannel;
  direction: TraceDirection;
  /** Bytes on the wire (UTF-8 of the XML, the frame's bytes, the REST answer's body). */
  size: number;
  /** What it is, e.g. `message/chat`, `iq/get`, `sm/a`, `call/accept`, `stomp/MESSAGE`, `rest/GET`. */
  kind: string;
  /** One line for the list. */
  summary: string;
  /** The wire text: pretty XML, the STOMP frame with its body shown decoded, `METHOD url`. */
  raw: string;
  /** Namespaces of the element and its children (XMPP). */
  namespaces: string[];
  /** JIDs it names (XMPP: from, to, item jids). */
  jids: string[];
  /** The chat dialog it belongs to, when it says (extraParams dialog_id, a room JID). */
  dialogId?: string;
  /** Ids it carries (stanza id, marker ids, 24-hex message ids in any body): "follow" matches these. */
  ids: string[];
  /** Decoded fields: call signal, protobuf body as JSON, REST call. */
  decoded?: unknown;
  /** The error it reports (stanza error condition, STOMP ERROR, REST error code, undecodable body). */
  error?: string;
}

/** What is recorded before decoding (the recorder fills `seq`). */
export type TraceInput = Omit<TraceEntry, 'seq'>;
