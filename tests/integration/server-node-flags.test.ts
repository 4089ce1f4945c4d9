/**
 * The server runs with its Node options (scripts/lib/server-node-flags.mjs; docs/performance.md
 * "Garbage collection under load"): the stack's server, started as `npm start` starts it, is the
 * parent of its Prosody, and its command line carries every one of them.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-node-flags.mjs';
import { prosodyPid } from '../support/history';

const stack = inject('stack');

describe("the server's Node options", () => {
  it('are on the command line of the running server', async () => {
    const prosody = await prosodyPid(stack.dataDir);
    expect(prosody).not.toBeNull();
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its ')'.
    const stat = await readFile(`/proc/${prosody}/stat`, 'utf8');
    const server = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const commandLine = (await readFile(`/proc/${server}/cmdline`, 'utf8')).split('\0');
    expect(commandLine.some((part) => part.endsWith('main.mjs'))).toBe(true);
    for (const flag of SERVER_NODE_FLAGS) expect(commandLine).toContain(flag);
  });
});
