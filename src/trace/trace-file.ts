/**
 * Trace files (docs/console.md "Trace files"): the timeline as JSON, secrets masked, for a support
 * ticket; the console imports them back into the same timeline.
 */
import { maskEntry } from './mask';
import type { TraceEntry } from './types';

export const TRACE_FORMAT = 'portal-trace';
export const TRACE_VERSION = 1;

export interface TraceFile {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  exportedAt: string;
  entries: TraceEntry[];
}

export class TraceFileError extends Error {
  override name = 'TraceFileError';
}

export function exportTrace(entries: readonly TraceEntry[], exportedAt = new Date()): string {
  const file: TraceFile = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    exportedAt: exportedAt.toISOString(),
    entries: entries.map(maskEntry),
  };
  return JSON.stringify(file, null, 2);
}

const STRING_FIELDS = ['connection', 'channel', 'direction', 'kind', 'summary', 'raw'] as const;

function checkEntry(value: unknown, index: number): TraceEntry {
  const entry = value as Record<string, unknown>;
  const broken = (what: string) => new TraceFileError(`Entry ${index + 1}: ${what}`);
  if (!entry || typeof entry !== 'object') throw broken('not an object');
  if (typeof entry.seq !== 'number' || typeof entry.time !== 'number' || typeof entry.size !== 'number')
    throw broken('seq, time and size must be numbers');
  for (const field of STRING_FIELDS)
    if (typeof entry[field] !== 'string') throw broken(`${field} must be text`);
  for (const field of ['namespaces', 'jids', 'ids'])
    if (!Array.isArray(entry[field]) || !(entry[field] as unknown[]).every((v) => typeof v === 'string'))
      throw broken(`${field} must be a list of text`);
  return entry as unknown as TraceEntry;
}

/** Reads a trace file; throws {@link TraceFileError} saying what is wrong. */
export function parseTrace(text: string): TraceEntry[] {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (error) {
    throw new TraceFileError(`Not JSON: ${(error as Error).message}`);
  }
  const record = file as Partial<TraceFile> | null;
  if (!record || record.format !== TRACE_FORMAT)
    throw new TraceFileError(`Not a trace file (format is not "${TRACE_FORMAT}")`);
  if (record.version !== TRACE_VERSION)
    throw new TraceFileError(`Trace version ${String(record.version)} is not ${TRACE_VERSION}`);
  if (!Array.isArray(record.entries)) throw new TraceFileError('A trace file has a list of entries');
  return record.entries.map(checkEntry);
}
