/**
 * What the own-API client reports to and reads from (api-client.ts `createPortalApi`): the portal
 * root's toasts, traffic seam, session and navigation (src/app/root/portal-root.ts), which makes
 * the client with them when first asked (`root.api()`). Only types here: the entry carries the
 * ports, not the client, the contract and zod (docs/performance.md "Route budgets").
 */
import type { ToastStore } from '../components/toast-store';
import type { SessionStore } from '../session';
import type { Traffic } from './traffic';

export interface ApiPorts {
  /** Where messages to the user are shown (spec §8), and taken away when a success made them stale. */
  readonly toasts: ToastStore;
  readonly traffic: Traffic;
  /** The report path the provider may not see: 'No permission', and back (report-access.ts). */
  refuseReportPath(): void;
  /** The token the client sends and the provider's country. */
  readonly session: SessionStore;
  /** A token error (spec §8): the session ends and the login route opens. */
  signOut(): void;
}
