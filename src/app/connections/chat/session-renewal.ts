/**
 * How the Messages chat renews its chat-service session when a request meets an expired one
 * (spec §8 "Expired session (401 with session does not exist) triggers a session-expired hook and
 * the request is retried"; docs/wire/hosted-chat.md §2.6): one renewal for all the requests that meet
 * it together, quietly — no toast, no banner: the provider may be chatting over a live XMPP
 * connection, and a request whose retry is impossible reports its own original error to its
 * caller. The new session is a user session in one call (§3.1), so the renewal never meets the
 * hook itself.
 */
import { createSessionRenewer, type ChatServiceClient, type SessionRenewer } from '../../../rest';

export function chatSessionRenewer(
  client: () => ChatServiceClient,
  credentials: () => { login: string; password: string },
): SessionRenewer {
  return createSessionRenewer({
    renew: () => client().createSession(credentials()),
    onFailure: (error) => console.warn('Chat session renewal failed; the request gets its own error', error),
  });
}
