/**
 * A member persona on slixmpp (tests/support/slixmpp-member.py, Debian's python3-slixmpp, which
 * `npm test` installs): an XMPP client written apart from ours, logged in over the stack's c2s
 * port (docs/testing.md "Independent peers"). Commands and events are JSON lines; a test waits
 * for an event, not for a time.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { member } from '../../fixtures';
import { ROOT, type StackInfo } from './stack';

const SCRIPT = path.join(ROOT, 'tests/support/slixmpp-member.py');
/** Debian's interpreter, which has Debian's python3-slixmpp (not a python3 earlier on the PATH). */
const PYTHON = '/usr/bin/python3';
const WAIT_MS = 60_000;

export type SlixmppEvent =
  | { event: 'online'; jid: string; sm: boolean }
  | {
      event: 'message';
      id: string;
      type: string;
      from: string;
      body: string;
      markable: boolean;
      extra: Record<string, string>;
    }
  | {
      event: 'marker';
      kind: 'received' | 'displayed' | 'acknowledged';
      id: string;
      type: string;
      from: string;
    }
  | { event: 'state'; state: string; from: string }
  | { event: 'failed' | 'error'; reason: string }
  | { event: 'joined'; room: string }
  | { event: 'join-error'; room: string; condition: string }
  | { event: 'resumed' }
  | { event: 'closed' };

export type SlixmppCommand =
  | {
      op: 'message';
      to: string;
      type?: 'chat' | 'groupchat';
      id: string;
      body: string;
      markable?: boolean;
      state?: string;
      extra?: Record<string, string | number>;
    }
  | { op: 'marker'; to: string; id: string; kind: 'received' | 'displayed' | 'acknowledged'; type?: 'chat' }
  | { op: 'state'; to: string; state: 'active' | 'composing' | 'paused' | 'inactive' | 'gone' }
  | { op: 'join'; room: string; nick: string }
  | { op: 'cut'; pauseMs: number }
  | { op: 'stop' };

type EventOf<K extends SlixmppEvent['event']> = Extract<SlixmppEvent, { event: K }>;

export interface SlixmppMember {
  /** The full JID slixmpp bound. */
  readonly jid: string;
  /** Whether XEP-0198 was enabled on its stream. */
  readonly streamManagement: boolean;
  send(command: SlixmppCommand): void;
  /** The first event of `kind`, recorded or to come, for which `match` holds. */
  next<K extends SlixmppEvent['event']>(kind: K, match?: (event: EventOf<K>) => boolean): Promise<EventOf<K>>;
  /** Every event of `kind` so far. */
  seen<K extends SlixmppEvent['event']>(kind: K): EventOf<K>[];
  /** Closes its stream and waits for the process to end. */
  stop(): Promise<void>;
}

/** Where a member logs in: the stack's c2s port, its chat application and domain. */
export type ChatLogin = Pick<StackInfo, 'c2sPort' | 'appId' | 'chatDomain'>;

export async function slixmppMember(stack: ChatLogin, key: string): Promise<SlixmppMember> {
  const persona = member(key);
  const child: ChildProcessWithoutNullStreams = spawn(
    PYTHON,
    [
      SCRIPT,
      `${persona.chatId}-${stack.appId}@${stack.chatDomain}/slixmpp`,
      persona.chatPassword,
      '127.0.0.1',
      String(stack.c2sPort),
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const events: SlixmppEvent[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const wake of waiters) wake();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      events.push(JSON.parse(line) as SlixmppEvent);
    } catch {
      // Not an event: kept with the process's other output for a failure's message.
      stderr += `(stdout) ${line}\n`;
      return;
    }
    for (const wake of waiters) wake();
  });

  const next = <K extends SlixmppEvent['event']>(
    kind: K,
    match: (event: EventOf<K>) => boolean = () => true,
  ) =>
    new Promise<EventOf<K>>((resolve, reject) => {
      const check = () => {
        const found = events.find((e): e is EventOf<K> => e.event === kind && match(e as EventOf<K>));
        if (found) return finish(() => resolve(found));
        if (ended)
          return finish(() => reject(new Error(`slixmpp ended before a ${kind} event; stderr:\n${stderr}`)));
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new Error(
                `no ${kind} event from slixmpp in ${WAIT_MS} ms; events: ${JSON.stringify(events)}; stderr:\n${stderr}`,
              ),
            ),
          ),
        WAIT_MS,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  const online = await next('online').catch(async (error: Error) => {
    child.kill();
    throw error;
  });
  return {
    jid: online.jid,
    streamManagement: online.sm,
    send: (command) => child.stdin.write(`${JSON.stringify(command)}\n`),
    next,
    seen: <K extends SlixmppEvent['event']>(kind: K) =>
      events.filter((e): e is EventOf<K> => e.event === kind),
    async stop() {
      if (!ended) child.stdin.end(`${JSON.stringify({ op: 'stop' })}\n`);
      // slixmpp waits up to 2 s for the server's </stream:stream>; a process still there later is hung.
      const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(hung);
      if (code !== 0) throw new Error(`slixmpp exited with ${code}; stderr:\n${stderr}`);
    },
  };
}
