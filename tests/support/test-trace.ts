/**
 * The integration tests' timeline (docs/console.md "Trace files"): our clients and the @xmpp/client
 * peers of the harness record into one recorder, cleared before each test; when a test fails, its
 * timeline is written to `test-results/integration-traces/` for the protocol console to open.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRecorder, type Recorder } from '../../src/trace';
import { parseXml, type ChatClient } from '../../src/xmpp';

export const testTrace = createRecorder();

export const TRACE_DIR = path.resolve(import.meta.dirname, '../../test-results/integration-traces');

/** Records a client of ours; returns it. */
export function traced<C extends Pick<ChatClient, 'traffic'>>(client: C, label: string): C {
  testTrace.attachChat(label, client);
  return client;
}

interface PeerEvents {
  on(event: 'element' | 'send', listener: (element: { toString(): string }) => void): unknown;
}

/** Records an @xmpp/client peer (its elements as text, decoded like ours). */
export function tracedPeer<P>(peer: P, label: string): P {
  const events = peer as unknown as PeerEvents;
  const record = (direction: 'in' | 'out') => (element: { toString(): string }) => {
    if (testTrace.paused) return;
    try {
      testTrace.xmpp(label, direction, parseXml(element.toString()));
    } catch (error) {
      testTrace.note(label, element.toString(), (error as Error).message);
    }
  };
  events.on('element', record('in'));
  events.on('send', record('out'));
  return peer;
}

/** A file name for a test: its file and its full name, safe on every file system. */
export function traceFileName(file: string, name: string): string {
  const safe = (text: string) =>
    text
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120);
  return `${safe(path.basename(file, '.test.ts'))}--${safe(name)}.trace.json`;
}

/** Writes the timeline of a failed test; returns where, or null when there was nothing to write. */
export function writeFailedTrace(
  recorder: Recorder,
  file: string,
  name: string,
  dir = TRACE_DIR,
): string | null {
  if (recorder.entries.length === 0) return null;
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, traceFileName(file, name));
  writeFileSync(target, recorder.toJSON());
  return target;
}
