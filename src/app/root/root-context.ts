/** The context the portal root is read through (portal-root.ts), and its hooks. */
import { use } from 'react';
import { useSnapshot } from 'valtio';
import { displayZone } from '../../shared/time/format';
import type { PortalApi } from '../api/api-client';
import { requiredContext } from '../components/required-context';
import type { ToastStore } from '../components/toast-store';
import type { Drafts, SessionStore } from '../session';
import type { PortalRoot } from './portal-root';

const root = requiredContext<PortalRoot>('The portal root is read inside <App> (PortalRootContext)');
export const PortalRootContext = root.Context;
export const usePortalRoot = root.use;

/** The page's toasts: `useToasts().show(text)`. */
export function useToasts(): ToastStore {
  return usePortalRoot().toasts;
}

/** The signed-in session: `useSnapshot(useSession().state)` to read it. */
export function useSession(): SessionStore {
  return usePortalRoot().session;
}

/**
 * The zone every screen shows instants and counts days in: the one saved in her profile, which the
 * session holds (docs/architecture.md §3 "Her time zone"), never the browser's while she is signed in.
 */
export function useTimeZone(): string {
  return displayZone(useSnapshot(useSession().state).userInfo?.timezone);
}

/** The provider's unsaved drafts (session/drafts.ts). */
export function useDrafts(): Drafts {
  return usePortalRoot().drafts;
}

/**
 * The own-API client of the root (`root.api()`); a domain's calls come from its module over it
 * (`profileCalls(usePortalApi())`, api/domain-calls/). Suspends while the client's code loads; the
 * signed-in shell's route loads it with the shell (router/router.tsx), so its pages never wait.
 */
export function usePortalApi(): PortalApi {
  return use(usePortalRoot().api());
}
