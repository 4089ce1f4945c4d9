/**
 * What the own-API client reports to and reads from (api-client.ts): the portal root's toasts,
 * traffic seam, session and navigation (src/app/root/portal-root.ts). The entry binds the root
 * here once; the client itself loads later, with the first page that calls the API, so the entry
 * does not load the client, the contract and zod (docs/performance.md "Route budgets").
 */
import type { SessionStore } from '../session';
import type { Traffic } from './traffic';

export interface ApiPorts {
  /** Shows a message to the user (spec §8). */
  say(text: string): void;
  readonly traffic: Traffic;
  /** The report path the provider may not see: 'No permission', and back (report-access.ts). */
  refuseReportPath(): void;
  /** The token the client sends and the provider's country. */
  readonly session: SessionStore;
  /** A token error (spec §8): the session ends and the login route opens. */
  signOut(): void;
}

let bound: ApiPorts | null = null;

/** The entry (main.tsx) hands the client its root's ports. */
export function bindApiPorts(ports: ApiPorts): void {
  bound = ports;
}

export function apiPorts(): ApiPorts {
  if (!bound) throw new Error('The API client is used before the portal root is bound (main.tsx)');
  return bound;
}
