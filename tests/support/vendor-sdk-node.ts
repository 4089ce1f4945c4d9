/**
 * The vendor's published JavaScript SDK (`quickblox` from the npm registry, unmodified, configured
 * only) in Node, as a member: the judge of our stand-in (issue 23). It insists on `https://` and
 * `wss://`, so it talks to a stack started with `TLS=self-signed`, whose certificate this process
 * trusts through Node's default HTTPS agent (the SDK's node-fetch and its WebSocket use it).
 *
 * Its Node build cannot chat over TCP with what the registry has: node-xmpp-client's TCP transport
 * needs a GitHub-only fork of reconnect-core (`this.connection.listen is not a function` with the
 * registry's 1.3.0, which package.json's overrides pin). Its WebSocket transport works, and is
 * chosen through the client's own option (`Client.options.websocket`).
 *
 * The SDK's configuration is one module for the whole process, so every instance here talks to
 * the same stack; each instance holds its own session and chat connection.
 */
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { member, personas } from '../../fixtures';
import type { TestStack } from './stack';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK ships no types for its internals
export type Sdk = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listener arguments as the SDK passes them
export type Args = any[];

const require = createRequire(import.meta.url);

/** The https origin of a stack started with TLS (stack.url says http). */
export const httpsOrigin = (stack: Pick<TestStack, 'port'>) => `https://127.0.0.1:${stack.port}`;

/** Trusts the stack's self-signed certificate for this process's HTTPS agent. */
export function trustStack(stack: Pick<TestStack, 'dataDir'>): void {
  https.globalAgent.options.ca = readFileSync(path.join(stack.dataDir, 'tls', 'cert.pem'));
}

/** A callback-style SDK call as a promise. */
export function sdkCall<T = Sdk>(run: (done: (error: unknown, result: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    run((error, result) =>
      error ? reject(Object.assign(new Error(JSON.stringify(error)), { sdk: error })) : resolve(result),
    ),
  );
}

/**
 * One listener of `target` (`onMessageListener`, …) recorded from its creation: every call is
 * kept, and `next` answers the first recorded call that matches, or waits for one (unless `fresh`:
 * then only a call from now on counts).
 */
export class Listener {
  readonly calls: Args[] = [];
  readonly #waiters: Array<{ match: (args: Args) => boolean; resolve: (args: Args) => void }> = [];

  constructor(target: Sdk, name: string) {
    target[name] = (...args: Args) => {
      this.calls.push(args);
      for (const waiter of [...this.#waiters]) {
        if (!waiter.match(args)) continue;
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(args);
      }
    };
  }

  next(match: (args: Args) => boolean = () => true, options: { fresh?: boolean } = {}): Promise<Args> {
    const earlier = options.fresh ? undefined : this.calls.find(match);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }
}

export interface SdkMember {
  readonly qb: Sdk;
  readonly userId: number;
  readonly token: string;
  /** Connects to chat over WebSocket with the session token as password (wire §12). */
  connect(): Promise<void>;
  listen(name: string): Listener;
  close(): Promise<void>;
}

/** A member persona on its own SDK instance, with a user session. */
export async function sdkMember(stack: TestStack, key: string): Promise<SdkMember> {
  const { QuickBlox } = require('quickblox') as { QuickBlox: new () => Sdk };
  const qb = new QuickBlox();
  const app = personas.chatApp;
  // Configuration only (the SDK reads it at init): our API and chat hosts; the account key is
  // required by init to apply the rest, and unused here (endpoints given, no account_settings).
  qb.init(app.appId, app.authKey, app.authSecret, 'portal-account', {
    endpoints: { api: `127.0.0.1:${stack.port}/qb`, chat: stack.chatDomain },
    chatProtocol: { active: 2 },
    // As the vendor's spec config (spec/config.js): a ping answered within 3 s counts.
    pingTimeout: 3,
    debug: { mode: 0 },
  });
  const persona = member(key);
  const session = await sdkCall<{ token: string; user_id: number }>((done) =>
    qb.createSession({ login: persona.chatLogin, password: persona.chatPassword }, done),
  );
  return {
    qb,
    userId: session.user_id,
    token: session.token,
    async connect() {
      qb.chat.Client.options.websocket = { url: `wss://127.0.0.1:${stack.port}/xmpp-websocket` };
      await sdkCall((done) => qb.chat.connect({ userId: session.user_id, password: session.token }, done));
    },
    listen: (name) => new Listener(qb.chat, name),
    async close() {
      if (qb.chat.isConnected) {
        const gone = new Promise<void>((resolve) => (qb.chat.onDisconnectedListener = () => resolve()));
        qb.chat.disconnect();
        await gone;
      }
      // The SDK drops its listeners when the stream ends; a late stream error must not throw.
      qb.chat.Client?.on('error', () => undefined);
    },
  };
}
