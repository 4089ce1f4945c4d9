/** Integration setup: each test starts a fresh timeline; a failed one leaves it (test-trace.ts). */
import { afterEach, beforeEach } from 'vitest';
import { testTrace, writeFailedTrace } from './test-trace';

beforeEach(() => testTrace.clear());

afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  const written = writeFailedTrace(testTrace, task.file?.filepath ?? 'unknown', task.name);
  if (written) console.log(`Protocol timeline of the failed test: ${written} (open it in /console)`);
});
