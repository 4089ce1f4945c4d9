/**
 * What every scenario of the fault suite gets (docs/reliability.md): the stack it runs against
 * (its own, so it may kill the server), how many runs it makes, a lazily launched Debian
 * Chromium and member simulator, and a log line writer.
 */
import type { Browser } from 'playwright-core';
import type { RunningMember } from '../support/member-simulator';
import type { TestStack } from '../support/stack';
import type { Row } from './table';

export interface Counts {
  /** Forced drops of the member client's WebSocket mid-conversation (Node, src/xmpp). */
  nodeDrops: number;
  /** Forced drops of the portal's chat in Chromium (DevTools protocol, network offline). */
  browserDrops: number;
  /** Page reloads in the middle of a conversation. */
  reloads: number;
  /** Prosody killed with SIGKILL. */
  prosodyKills: number;
  /** The server killed with SIGKILL in the middle of writes, per database. */
  serverKills: number;
  /** The portal's app socket dropped. */
  appSocketDrops: number;
  /** Whether the PostgreSQL rows run (a throwaway cluster). */
  postgres: boolean;
  /** Portal tabs opened and closed, in turn in each way (closed, crashed, cut, reloaded, cached, frozen). */
  tabs: number;
  /** Rounds of portal session ends (a kick, a sign-out, an idle logoff and a password reset each). */
  sessionEnds: number;
  /** The stack's stream-resumption window (CHAT_RESUMPTION_SECONDS; 60 in production). */
  resumptionSeconds: number;
  /**
   * How long the soak runs: a provider's two hours of tabs, messages and calls, compressed (it
   * always runs one call's ten steps, so 0 is the shortest run).
   */
  soakMinutes: number;
}

export interface SuiteContext {
  stack: TestStack;
  counts: Counts;
  browser(): Promise<Browser>;
  /** The member simulator as Emma (`npm run member`, typing 400 ms), started once for the portal scenarios. */
  member(): Promise<RunningMember>;
  log(line: string): void;
}

export type Scenario = (context: SuiteContext) => Promise<Row | Row[]>;

/** Resolves `promise`, or rejects with `what` after `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls an async check every 25 ms until it returns a value other than undefined/false. */
export async function poll<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await sleep(25);
  }
}
