/**
 * A tab's part in the shared chat connection (docs/architecture.md §3 "One chat connection per
 * browser"), as a transition table (docs/conventions.md): `idle` before its chat starts and after
 * it stops (or while its page is hidden in the back/forward cache or frozen); `following` while
 * it waits for the holder's lock and uses the holder's connection; `holding` once the lock is its
 * own, until it lets the connection go.
 */
import { XmppError } from '../errors/errors';

export type ShareRole = 'idle' | 'following' | 'holding';

export const SHARE_ROLE_TRANSITIONS: Readonly<Record<ShareRole, readonly ShareRole[]>> = {
  idle: ['following'],
  following: ['holding', 'idle'],
  holding: ['idle'],
};

export interface ShareRoleMachine {
  readonly role: ShareRole;
  /** Moves to `to`; throws an XmppError when the table forbids it. */
  transition(to: ShareRole): void;
}

export function createShareRoleMachine(): ShareRoleMachine {
  let role: ShareRole = 'idle';
  return {
    get role() {
      return role;
    },
    transition(to) {
      if (!SHARE_ROLE_TRANSITIONS[role].includes(to))
        throw new XmppError(`Illegal shared chat transition: ${role} → ${to}`);
      role = to;
    },
  };
}
