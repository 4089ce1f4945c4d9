/**
 * The portal's composition root (docs/architecture.md §3 "The portal root"), made once by the
 * entry (main.tsx) and handed down: to React through `PortalRootContext`, to the signed-in shell's
 * runtime through `createPortalRuntime`'s options (src/app/runtime), to code outside React as parameters. It holds
 * what lives as long as the page, across sign-ins; what lives as long as one signed-in shell (the
 * portal runtime, the chat store, the red dots, server data) is made by the shell. No React here.
 */
import { subscribe } from 'valtio/vanilla';
import type { PortalApi } from '../api/api-client';
import type { ApiPorts } from '../api/api-ports';
import { createReportRefusal } from '../api/report-access';
import { createTraffic, type Traffic } from '../api/traffic';
import { createToastStore, type ToastStore } from '../components/toast-store';
import {
  createDrafts,
  createSessionStore,
  type Drafts,
  type DraftStore,
  type SessionStore,
} from '../session';

/** How the root moves the page; the router's, given by the entry once the router exists. */
export interface PortalNavigation {
  /** To the login route without a reload (a token error, spec §8). */
  toLogin(): void;
  /** Out of a report path the provider may not see: back, or to the dashboard (spec §8). */
  leaveReport(): void;
}

export interface PortalRootOptions {
  navigation: PortalNavigation;
  /** The timer toasts go away by (the page's `setTimeout` by default). */
  later?: (run: () => void, ms: number) => unknown;
  /** Where drafts are kept: IndexedDB by default, or memory without it (session/draft-store.ts). */
  draftStore?: () => DraftStore;
  /** The clock (Date.now by default). */
  now?: () => number;
  /**
   * How the own-API client is made (api/api-client.ts `createPortalApi`). By default its module
   * loads with the first caller; a test hands the factory, and the client is there at once.
   */
  makeApi?: (ports: ApiPorts) => PortalApi;
}

export interface PortalRoot {
  /** The signed-in session: token and login info, kept in this browser's storage (spec §3). */
  readonly session: SessionStore;
  /** The provider's unsaved drafts, kept across the automatic logoff (docs/security.md). */
  readonly drafts: Drafts;
  /** Messages to the user (spec §8), shown by `<Toaster>`. */
  readonly toasts: ToastStore;
  /** The console's seam: every connection's traffic, built only while someone listens (api/traffic.ts). */
  readonly traffic: Traffic;
  readonly navigation: PortalNavigation;
  /**
   * The own-API client (api/api-client.ts), made with the first call and the same after, reporting
   * to this root's toasts, traffic, session and navigation (api/api-ports.ts): its code loads
   * then, not with the entry (docs/performance.md "Route budgets"). Once made, the promise is one
   * React's `use` reads at once (`usePortalApi()`, root-context.ts).
   */
  api(): Promise<PortalApi>;
}

/** `promise`, marked when fulfilled the way React's `use` reads a settled promise without suspending. */
function readable<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => undefined,
  );
  return promise;
}

/** `value` as a promise React's `use` reads at once. */
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

export function createPortalRoot({
  navigation,
  later,
  draftStore,
  now = Date.now,
  makeApi,
}: PortalRootOptions): PortalRoot {
  const session = createSessionStore(now);
  const toasts = createToastStore(later);
  const traffic = createTraffic();
  // A sign-in makes the errors of the tries before it stale ("The email or password is
  // incorrect" stayed over the dashboard, spec §8 messages): they go when a session starts.
  let phase = session.state.session.phase;
  subscribe(session.state, () => {
    const was = phase;
    phase = session.state.session.phase;
    if (was === 'signed out' && phase !== 'signed out') toasts.dismissErrors();
  });
  const say = (text: string) => toasts.show(text);
  const apiPorts: ApiPorts = {
    toasts,
    traffic,
    refuseReportPath: createReportRefusal(say, () => navigation.leaveReport(), now),
    session,
    signOut: () => {
      session.end();
      navigation.toLogin();
    },
  };
  let api: Promise<PortalApi> | undefined;
  return {
    session,
    drafts: createDrafts(draftStore, now),
    toasts,
    traffic,
    navigation,
    api() {
      if (makeApi) return (api ??= fulfilled(makeApi(apiPorts)));
      api ??= readable(
        import('../api/api-client').then(
          ({ createPortalApi }) => createPortalApi(apiPorts),
          (error: unknown) => {
            // A chunk that failed to load (offline) loads again with the next caller.
            api = undefined;
            throw error;
          },
        ),
      );
      return api;
    },
  };
}
