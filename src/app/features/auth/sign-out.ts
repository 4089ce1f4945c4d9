/** Signing out on purpose: tell the server (ends chat and sockets too), then forget the session. */
import { accountCalls } from '../../api/api-client';
import { endSession } from '../../session';

export async function signOut(): Promise<void> {
  try {
    await accountCalls.signOut({ quiet: true });
  } catch {
    // The session may already be over on the server (kicked, expired); the browser forgets it anyway.
  }
  endSession({ onPurpose: true });
}
