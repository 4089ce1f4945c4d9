/** Signing out on purpose: tell the server (ends chat and sockets too), then forget the session. */
import type { PortalApi } from '../../api/api-client';
import { accountCalls } from '../../api/domain-calls/account';
import type { SessionStore } from '../../session';

/** `api` is the portal root's own-API client, `session` its session. */
export async function signOut(session: SessionStore, api: PortalApi): Promise<void> {
  try {
    await accountCalls(api).signOut({ quiet: true });
  } catch {
    // The session may already be over on the server (kicked, expired); the browser forgets it anyway.
  }
  session.end({ onPurpose: true });
}
