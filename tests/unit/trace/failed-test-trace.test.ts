/** Issue 14 "Headless too": a failed integration test leaves its timeline as a trace file. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecorder, parseTrace } from '../../../src/trace';
import { xml } from '../../../src/xmpp';
import { traceFileName, writeFailedTrace } from '../../support/test-trace';

describe('failed test timelines', () => {
  it('names the file after the test file and the test', () => {
    expect(traceFileName('/x/tests/integration/xmpp-muc.test.ts', 'rooms > a kick: says "why"')).toBe(
      'xmpp-muc--rooms-a-kick-says-why.trace.json',
    );
  });

  it('writes a trace the console opens, and nothing when nothing was recorded', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'failed-trace-'));
    const recorder = createRecorder();
    expect(writeFailedTrace(recorder, 'a.test.ts', 'empty', dir)).toBeNull();
    recorder.xmpp('ours ava', 'out', xml('message', { to: 'b', type: 'chat' }, xml('body', {}, 'hi')));
    const written = writeFailedTrace(recorder, 'a.test.ts', 'sends', dir)!;
    expect(readdirSync(dir)).toEqual(['a--sends.trace.json']);
    expect(parseTrace(readFileSync(written, 'utf8')).map((e) => e.kind)).toEqual(['message/chat']);
  });
});
