/**
 * The vendor's published JavaScript SDK (`quickblox` from the npm registry, its browser build
 * `quickblox.min.js`, unmodified, configured only) as a member in Chromium, against the portal
 * (issue 23). The SDK builds only `https://` and `wss://` URLs, so these tests run on a stack of
 * their own that serves TLS (`TLS=self-signed`), in contexts that accept its certificate.
 *
 * A member page is a blank page of the stack's own origin (answered by the test, not the server)
 * into which the SDK file from node_modules is injected; a small harness records what the SDK's
 * listeners are called with (`window.vendor.events`) and keeps its call sessions, so a test waits
 * for an event rather than for a time.
 */
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { member, personas, provider } from '../../fixtures';
import { CHROMIUM_ARGS, disableFeatures } from '../../playwright.config';
import { ROOT, startStack, type TestStack } from '../support/stack';
import { signInOverApi } from './support';

const SDK_FILE = path.join(ROOT, 'node_modules/quickblox/quickblox.min.js');
const MEMBER_PATH = '/vendor-sdk-member';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's objects as it hands them out
type Loose = any;

/** One listener call: its name and its arguments, JSON-safe (DOM nodes and streams left out). */
export interface VendorEvent {
  name: string;
  args: Loose[];
}

/**
 * The browser for these files (`test.use({ launchOptions })`): the member page is answered by the
 * test, not by a server, so Chromium's Local Network Access checks count it as a public page and
 * refuse its WebSocket and calls to loopback (net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS);
 * the members' native apps meet no such check. The portal's own pages are unaffected.
 */
export const VENDOR_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, disableFeatures('LocalNetworkAccessChecks')],
};

/**
 * For a wait on something the stack does (a message, a listener call, a call's state): a safety
 * net against a hang, not a pace, as the helpers that wait for a stanza or a signal have it
 * (docs/testing.md "Waiting").
 */
export const EVENT_WAIT = { timeout: 60_000 };

export const httpsOrigin = (stack: Pick<TestStack, 'port'>) => `https://127.0.0.1:${stack.port}`;

/** The stack these tests share: portal served, TLS on. */
export function tlsStack(): Promise<TestStack> {
  return startStack({ portal: true, env: { TLS: 'self-signed' } });
}

/** A browser context that accepts the stack's self-signed certificate. */
export function secureContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB', timezoneId: 'Europe/London' });
}

/**
 * In a context of its own, Dr. Amelia Hart opens the conversation with a member in the portal
 * (`ameliaOpens`), then `steps` run with her page and the context (for the member's app); the
 * context is closed after, also on a failure.
 */
export async function ameliaWith(
  browser: Browser,
  stack: TestStack,
  memberKey: string,
  steps: (portal: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await secureContext(browser);
  try {
    const portal = await context.newPage();
    await ameliaOpens(portal, stack, memberKey);
    await steps(portal, context);
  } finally {
    await context.close();
  }
}

/** Dr. Amelia Hart signs in to the portal on the TLS stack and opens the conversation with a member. */
export async function ameliaOpens(page: Page, stack: TestStack, memberKey: string): Promise<void> {
  const amelia = provider('amelia');
  await signInOverApi(
    page,
    amelia.email,
    amelia.password,
    `/message?userId=${member(memberKey).chatId}`,
    httpsOrigin(stack),
  );
  await expect(page.getByRole('region', { name: `Conversation with ${member(memberKey).name}` })).toBeVisible(
    EVENT_WAIT,
  );
}

interface HarnessConfig {
  appId: number;
  authKey: string;
  authSecret: string;
  api: string;
  chat: string;
  websocket: string;
  bosh: string;
  active: 1 | 2;
  login: string;
  password: string;
}

/**
 * Runs in the page: configures the SDK (configuration only), creates the member's session, logs
 * in to chat with its token (wire §12) and records every listener the tests read.
 */
function harness(config: HarnessConfig): Promise<{ userId: number; token: string }> {
  const w = window as unknown as Loose;
  const QB = w.QB;
  const events: VendorEvent[] = [];
  const sessions: Record<string, Loose> = {};
  const safe = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null, (_, v) =>
        v instanceof Node || v instanceof MediaStream || v instanceof RTCPeerConnection ? undefined : v,
      ),
    );
  const record = (target: Loose, name: string) => {
    target[name] = (...args: unknown[]) => events.push({ name, args: args.map(safe) });
  };
  const video = (id: string) => {
    const element = document.createElement('video');
    element.id = id;
    element.autoplay = true;
    element.muted = true;
    element.playsInline = true;
    document.body.append(element);
    return element;
  };
  const remote = video('remote');
  video('local');
  QB.init(config.appId, config.authKey, config.authSecret, 'portal-account', {
    endpoints: { api: config.api, chat: config.chat },
    chatProtocol: { websocket: config.websocket, bosh: config.bosh, active: config.active },
    // Calls on loopback: no TURN of the vendor's (the default), nothing to relay.
    webrtc: { iceServers: [] },
    debug: { mode: 0 },
  });
  for (const name of [
    'onMessageListener',
    'onMessageErrorListener',
    'onMessageTypingListener',
    'onDeliveredStatusListener',
    'onReadStatusListener',
    'onSystemMessageListener',
    'onKickOccupant',
    'onJoinOccupant',
    'onLeaveOccupant',
  ])
    record(QB.chat, name);
  QB.webrtc.onCallListener = (session: Loose, extension: unknown) => {
    sessions[session.ID] = session;
    events.push({ name: 'onCallListener', args: [session.ID, session.initiatorID, safe(extension)] });
  };
  for (const name of [
    'onAcceptCallListener',
    'onRejectCallListener',
    'onStopCallListener',
    'onUserNotAnswerListener',
  ]) {
    QB.webrtc[name] = (session: Loose, userId: unknown, extension: unknown) =>
      events.push({ name, args: [session.ID, userId, safe(extension)] });
  }
  QB.webrtc.onRemoteStreamListener = (session: Loose, userId: unknown, stream: MediaStream) => {
    remote.srcObject = stream;
    events.push({ name: 'onRemoteStreamListener', args: [session.ID, userId] });
  };
  QB.webrtc.onSessionCloseListener = (session: Loose) =>
    events.push({ name: 'onSessionCloseListener', args: [session.ID] });
  // A signal the SDK refused; for a call while busy it is ('onCall', sessionID, userID, userInfo).
  QB.webrtc.onInvalidEventsListener = (event: string, session: Loose, userId: unknown, extension: unknown) =>
    events.push({
      name: 'onInvalidEventsListener',
      args: [event, typeof session === 'object' && session ? session.ID : session, userId, safe(extension)],
    });
  w.vendor = { events, sessions, QB };
  return new Promise((resolve, reject) => {
    QB.createSession({ login: config.login, password: config.password }, (error: unknown, session: Loose) => {
      if (error) return reject(new Error(`createSession: ${JSON.stringify(error)}`));
      QB.chat.connect({ userId: session.user_id, password: session.token }, (failed: unknown) => {
        if (failed) reject(new Error(`chat.connect: ${JSON.stringify(failed)}`));
        else resolve({ userId: session.user_id, token: session.token });
      });
    });
  });
}

type Done = (error: unknown, result?: unknown) => void;
/** The SDK's call sessions the page knows, by id (the ones it was called in and the ones it made). */
type Sessions = Record<string, Loose>;

export interface VendorMember {
  readonly page: Page;
  readonly userId: number;
  /**
   * Resolves with the first recorded call of listener `name` whose arguments match `match`
   * (argument index → value; an object value matches when each of its keys does, recursively);
   * it waits for as long as the test may.
   */
  event(name: string, match?: Record<number, unknown>): Promise<Loose[]>;
  /** Calls `QB.chat[method](...args)` in the page (send, sendReadStatus, sendIsTypingStatus, …). */
  chat<T = Loose>(method: string, ...args: unknown[]): Promise<T>;
  /** All recorded calls of listener `name`. */
  events(name: string): Promise<Loose[][]>;
  /**
   * Runs a callback-style SDK call in the page: `run(QB, args, done, sessions)`, serialised as
   * Playwright serialises any page function (so it uses nothing of this module's scope); a new
   * call session goes into `sessions` so later runs find it.
   */
  sdk<T = Loose, A = unknown>(
    run: (QB: Loose, args: A, done: Done, sessions: Sessions) => void,
    args?: A,
  ): Promise<T>;
}

/** A member persona on the vendor's SDK in its own page, logged in to chat over `transport`. */
export async function vendorMember(
  context: BrowserContext,
  stack: TestStack,
  key: string,
  transport: 'websocket' | 'bosh' = 'websocket',
): Promise<VendorMember> {
  const page = await context.newPage();
  const origin = httpsOrigin(stack);
  await page.route(`${origin}${MEMBER_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Member app</title>' }),
  );
  await page.goto(`${origin}${MEMBER_PATH}`);
  await page.addScriptTag({ path: SDK_FILE });
  const persona = member(key);
  const app = personas.chatApp;
  const { userId } = await page.evaluate(harness, {
    appId: app.appId,
    authKey: app.authKey,
    authSecret: app.authSecret,
    api: `127.0.0.1:${stack.port}/qb`,
    chat: stack.chatDomain,
    websocket: `wss://127.0.0.1:${stack.port}/xmpp-websocket`,
    bosh: `${origin}/http-bind`,
    active: transport === 'bosh' ? (1 as const) : (2 as const),
    login: persona.chatLogin,
    password: persona.chatPassword,
  });
  const events = (name: string) =>
    page.evaluate(
      (n) =>
        ((window as unknown as Loose).vendor.events as VendorEvent[])
          .filter((e) => e.name === n)
          .map((e) => e.args),
      name,
    );
  return {
    page,
    userId,
    events,
    async event(name, match = {}) {
      const handle = await page.waitForFunction(
        ([n, m]) => {
          const matches = (value: unknown, wanted: unknown): boolean =>
            wanted !== null && typeof wanted === 'object'
              ? value !== null &&
                typeof value === 'object' &&
                Object.entries(wanted).every(([k, v]) => matches((value as Record<string, unknown>)[k], v))
              : value === wanted;
          return ((window as unknown as Loose).vendor.events as VendorEvent[]).find(
            (e) =>
              e.name === n &&
              Object.entries(m as Record<string, unknown>).every(([i, v]) => matches(e.args[Number(i)], v)),
          )?.args;
        },
        [name, match] as const,
        EVENT_WAIT,
      );
      return (await handle.jsonValue()) as Loose[];
    },
    chat: (method, ...args) =>
      page.evaluate(
        ([m, a]) => (window as unknown as Loose).vendor.QB.chat[m as string](...(a as unknown[])),
        [method, args] as const,
      ),
    sdk: (run, args) =>
      page.evaluate(
        ([source, a]) =>
          new Promise<unknown>((resolve, reject) => {
            const call = new Function(`return (${source as string})`)() as (...x: unknown[]) => void;
            const vendor = (window as unknown as Loose).vendor;
            call(
              vendor.QB,
              a,
              (error: unknown, result: unknown) =>
                error
                  ? reject(new Error(error instanceof Error ? error.message : JSON.stringify(error)))
                  : resolve(result),
              vendor.sessions,
            );
          }),
        [run.toString(), args] as const,
      ) as Promise<never>,
  };
}
