/**
 * Helpers for history tests: @xmpp/client peers that send what the vendor's SDK sends
 * (docs/wire/hosted-chat.md §14.2 messages, §14.4 markers), with stream management settled first
 * (docs/prosody.md: @xmpp/client's SM race), and a way to freeze the server.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { xml } from '@xmpp/client';
import { prosodyPaths } from '../../src/server/prosody/config';
import { connectPeer } from './xmpp-peer';

export type Peer = Awaited<ReturnType<typeof connectPeer>>;

/** A 24-hex BSON-style id, as the SDK gives messages (§11). */
export function bsonId(): string {
  return (
    Math.floor(Date.now() / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

interface SmState {
  enabled: boolean;
  outbound_q: unknown[];
}

const sm = (peer: Peer) => (peer as unknown as { streamManagement: SmState }).streamManagement;

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Connects and waits until stream management is enabled, so later acks count right. */
export async function historyPeer(options: Parameters<typeof connectPeer>[0]): Promise<Peer> {
  const peer = await connectPeer(options);
  await until(() => sm(peer).enabled, 'stream management');
  return peer;
}

/** Resolves when the server acknowledged every stanza sent so far (it has handled them). */
export function allAcknowledged(peer: Peer): Promise<void> {
  return until(() => sm(peer).outbound_q.length === 0, 'stream-management acks');
}

export function chatMessage(
  to: string,
  text: string,
  dialogId: string,
  options: { id?: string; history?: boolean } = {},
) {
  return xml(
    'message',
    { type: 'chat', to, id: options.id ?? bsonId() },
    xml('body', {}, text),
    xml('markable', { xmlns: 'urn:xmpp:chat-markers:0' }),
    xml(
      'extraParams',
      { xmlns: 'jabber:client' },
      ...(options.history === false ? [] : [xml('save_to_history', {}, '1')]),
      xml('dialog_id', {}, dialogId),
    ),
  );
}

export function groupMessage(room: string, text: string, dialogId: string, id = bsonId()) {
  return xml(
    'message',
    { type: 'groupchat', to: room, id },
    xml('body', {}, text),
    xml(
      'extraParams',
      { xmlns: 'jabber:client' },
      xml('save_to_history', {}, '1'),
      xml('dialog_id', {}, dialogId),
    ),
  );
}

export function marker(kind: 'received' | 'displayed', to: string, messageId: string, dialogId: string) {
  return xml(
    'message',
    { type: 'chat', to, id: bsonId() },
    xml(kind, { xmlns: 'urn:xmpp:chat-markers:0', id: messageId }),
    xml('extraParams', { xmlns: 'jabber:client' }, xml('dialog_id', {}, dialogId)),
  );
}

/** The running server's pid (the stack writes it to DATA_DIR/server.json). */
export async function serverPid(dataDir: string): Promise<number> {
  const info = JSON.parse(await readFile(path.join(dataDir, 'server.json'), 'utf8')) as { pid: number };
  return info.pid;
}

/** The pid in Prosody's pidfile (written by Prosody itself), or null when it has none. */
export async function prosodyPid(dataDir: string): Promise<number | null> {
  try {
    return Number((await readFile(prosodyPaths(dataDir).pidFile, 'utf8')).trim()) || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export { alive as isRunning } from '../../src/server/prosody/leftover';

/** Prosody's data directory of a host (util.datamanager escapes the host's dots). */
export function prosodyHostData(dataDir: string, host: string): string {
  return path.join(dataDir, 'prosody', 'data', encodeURIComponent(host).replace(/\./g, '%2e'));
}

/**
 * What waits in mod_portal_history's durable outbox of a host, as Prosody keeps it on disk ('' when
 * nothing does): the list file's lines after the first `sent`, its cursor's count (docs/prosody.md
 * "Reporting messages to our server"; delivered lines stay in the file until it is compacted).
 */
export async function outboxText(dataDir: string, host: string): Promise<string> {
  const dir = prosodyHostData(dataDir, host);
  const read = (name: string) =>
    readFile(path.join(dir, name), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
  const [list, cursor] = await Promise.all([
    read('portal_history_outbox.list'),
    read('portal_history_outbox_sent.dat'),
  ]);
  const sent = Number(/sent"?\]?\s*=\s*(\d+)/.exec(cursor)?.[1] ?? 0);
  return list
    .split('\n')
    .filter((line) => line !== '')
    .slice(sent)
    .join('\n');
}
