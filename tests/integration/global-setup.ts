/**
 * One real stack (server, Prosody, database) shared by the integration test files of this process
 * (one lane of `npm test`), and the run's seeded template that the files starting stacks of their
 * own copy (template-setup.ts; docs/testing.md "What a run shares").
 */
import type { TestProject } from 'vitest/node';
import { startStack, type StackInfo, type TestStack } from '../support/stack';
import * as template from './template-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

let stack: TestStack | null = null;

export async function setup(project: TestProject) {
  await template.setup();
  stack = await startStack();
  const { stop: _stop, restart: _restart, crash: _crash, output: _output, pid: _pid, ...info } = stack;
  project.provide('stack', info);
}

/**
 * The shared server's own errors (pino level 50 and above), printed at the end of the lane so a
 * failed test's server-side cause is in the CI log next to it (docs/testing.md "The summary").
 */
function serverErrors(log: string): string[] {
  return log.split('\n').filter((line) => /"level":(5\d|6\d)\b/.test(line));
}

export async function teardown() {
  const errors = serverErrors(stack?.output() ?? '');
  if (errors.length > 0) {
    console.error(
      `[stack] the shared server logged ${errors.length} errors:\n${errors.slice(0, 20).join('\n')}`,
    );
  }
  await stack?.stop({ remove: true });
  await template.teardown();
}
