/**
 * The Node globals simple-peer's dependencies expect, for the benchmark's call page only (the
 * portal's build provides its own, docs/calls.md "Browser and Node"). Imported first.
 */
import { Buffer } from 'buffer';

const scope = globalThis as unknown as { Buffer?: unknown; process?: unknown };
scope.Buffer ??= Buffer;
scope.process ??= {
  env: {},
  browser: true,
  version: '',
  nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
};
