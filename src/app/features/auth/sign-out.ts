/** Signing out on purpose: tell the server (ends chat and sockets too), then forget the session. */
import { accountCalls } from '../../api/api-client';
import type { SessionStore } from '../../session';

export async function signOut(session: SessionStore): Promise<void> {
  try {
    await accountCalls.signOut({ quiet: true });
  } catch {
    // The session may already be over on the server (kicked, expired); the browser forgets it anyway.
  }
  session.end({ onPurpose: true });
}
