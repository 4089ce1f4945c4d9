/**
 * An open-loop HTTP load at a fixed rate (docs/performance.md "The fixed rate"): request i is due at
 * i / rate seconds and its latency counts from then, not from when it left, so a server (or a
 * generator) that falls behind is charged for the wait. autocannon's `overallRate` is a quota
 * per connection and second instead: each connection sends back to back at the start of every
 * second until it has made its share, then waits, and its latency histogram is corrected for
 * coordinated omission with an expected interval of 1 ms; at 1,000 req/s over 16 connections
 * that is a burst of 1,000 requests each second, 16 in flight, not a rate. The load runs in a
 * process of its own (paced-load-process.mjs).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PacedLoad {
  /** Requests answered with a 2xx. */
  ok: number;
  /** Requests answered otherwise, or failed on the way. */
  failures: number;
  /** Each request's time from when it was due to its answer's end, in ms. */
  latenciesMs: number[];
  /** The longest a request left after it was due: the generator's own lag. */
  worstSendLagMs: number;
  /** Requests answered per second over the load. */
  perSecond: number;
}

export interface PacedOptions {
  rate: number;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /**
   * Seconds of the same load against a server of the generator's own before this one, unmeasured,
   * so that the generator's HTTP client is not cold when the load starts (docs/performance.md
   * "The generator's cold start"). 0 by default.
   */
  warmUpSeconds?: number;
}

const PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'paced-load-process.mjs');

export function pacedLoad(url: string, options: PacedOptions): Promise<PacedLoad> {
  const child = spawn(process.execPath, [PROCESS, JSON.stringify({ url, ...options })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as PacedLoad);
      else reject(new Error(`The paced load exited with code ${code}`));
    });
  });
}
