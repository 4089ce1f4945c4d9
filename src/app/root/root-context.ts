/** The context the portal root is read through (portal-root.ts), and its hooks. */
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

/** The provider's unsaved drafts (session/drafts.ts). */
export function useDrafts(): Drafts {
  return usePortalRoot().drafts;
}
