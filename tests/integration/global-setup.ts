/** One real stack (server, Prosody, database) shared by the integration test files. */
import type { TestProject } from 'vitest/node';
import { startStack, type StackInfo, type TestStack } from '../support/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

let stack: TestStack | null = null;

export async function setup(project: TestProject) {
  stack = await startStack();
  const { stop: _stop, restart: _restart, crash: _crash, output: _output, pid: _pid, ...info } = stack;
  project.provide('stack', info);
}

export async function teardown() {
  await stack?.stop({ remove: true });
}
