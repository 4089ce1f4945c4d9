/** Signing out on purpose: forget the session in this browser (its connections close), then tell the server. */
import type { PortalApi } from '../../api/api-client';
import { accountCalls } from '../../api/domain-calls/account';
import type { SessionStore } from '../../session';

/** `api` is the portal root's own-API client, `session` its session. */
export async function signOut(session: SessionStore, api: PortalApi): Promise<void> {
  // The browser lets the session go first: its runtime closes the chat and the app socket with the
  // token (connections/portal-runtime.ts), so the server's end of the chat stream that follows is
  // not a drop to reconnect from or to count unread messages over.
  const token = session.state.token;
  session.end({ onPurpose: true });
  if (!token) return;
  try {
    await accountCalls(api).signOut({ quiet: true, token });
  } catch {
    // The session may already be over on the server (kicked, expired); the browser forgot it anyway.
  }
}

/**
 * The automatic logoff's sign-out: the server is told first, then the browser forgets the session.
 * Every tab of the browser is signed out at once and each then records where it was
 * (storage/return-path.ts); ending the session here before the server's answer let another tab's
 * record land after this one's and win.
 */
export async function signOutAfterIdle(session: SessionStore, api: PortalApi): Promise<void> {
  try {
    await accountCalls(api).signOut({ quiet: true });
  } catch {
    // The session may already be over on the server (kicked, expired); the browser forgets it anyway.
  }
  session.end({ onPurpose: true });
}
