/**
 * Prosody runs on jemalloc (docs/prosody.md "Memory allocator"): the stack's Prosody, started by
 * the server as `npm start` starts it, has Debian's libjemalloc2 mapped, and the glibc allocator's
 * fallback is not what runs here — `npm test`'s bootstrap installs the package with Prosody.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { jemallocPath } from '../../src/server/prosody/allocator';
import { prosodyPid } from '../support/history';

const stack = inject('stack');

describe("Prosody's allocator", () => {
  it("is jemalloc from Debian's package, loaded into the running Prosody", async () => {
    const pid = await prosodyPid(stack.dataDir);
    expect(pid).not.toBeNull();
    const maps = await readFile(`/proc/${pid}/maps`, 'utf8');
    const library = jemallocPath();
    expect(library).not.toBeNull();
    expect(maps).toContain(library);
  });
});
