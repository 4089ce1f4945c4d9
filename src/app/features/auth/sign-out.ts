/** Signing out, on purpose or by the automatic logoff: forget the session in this browser (its connections close), then tell the server. */
import type { PortalApi } from '../../api/api-client';
import { accountCalls } from '../../api/domain-calls/account';
import type { SessionStore } from '../../session';

/**
 * `api` is the portal root's own-API client, `session` its session. `onPurpose` is false for the
 * automatic logoff only, which returns her to her page at the next sign-in (docs/security.md
 * "Automatic logoff"); every other sign-out leaves none (session-store.ts `end`).
 */
export async function signOut(
  session: SessionStore,
  api: PortalApi,
  { onPurpose = true }: { onPurpose?: boolean } = {},
): Promise<void> {
  // The browser lets the session go first: its runtime closes the chat and the app socket with the
  // token (connections/connections.ts), so the server's end of the chat stream that follows is
  // not a drop to reconnect from or to count unread messages over.
  const token = session.state.token;
  session.end({ onPurpose });
  if (!token) return;
  try {
    await accountCalls(api).signOut({ quiet: true, token });
  } catch {
    // The session may already be over on the server (kicked, expired); the browser forgot it anyway.
  }
}
