/**
 * The few Node globals simple-peer and its dependencies reach for (docs/calls.md "Browser and
 * Node"), set on the console page only, before the call client loads: `global`, a `process` with
 * `nextTick` in a microtask, and `Buffer` from the `buffer` package. The portal gets its own
 * stand-ins at build time instead.
 */
import { Buffer } from 'buffer';

type Globals = { global?: unknown; Buffer?: unknown };

export function installNodeGlobals(): void {
  const scope = globalThis as typeof globalThis & Globals;
  scope.global ??= globalThis;
  scope.Buffer ??= Buffer;
  (scope as Globals & { process?: unknown }).process ??= {
    env: {},
    browser: true,
    version: '',
    versions: {},
    nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
  };
}
