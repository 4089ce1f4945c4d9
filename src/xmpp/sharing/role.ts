/**
 * A tab's part in the shared chat connection (docs/architecture.md §3 "One chat connection per
 * browser"), as a transition table on the shared kernel (docs/conventions.md "What we do" 4): `idle` before its chat starts and after
 * it stops (or while its page is hidden in the back/forward cache or frozen); `following` while
 * it waits for the holder's lock and uses the holder's connection; `holding` once the lock is its
 * own, until it lets the connection go.
 */
import { createMachine } from '../../shared/machine';

export type ShareRole = 'idle' | 'following' | 'holding';

export const SHARE_ROLE_TRANSITIONS: Readonly<Record<ShareRole, readonly ShareRole[]>> = {
  idle: ['following'],
  following: ['holding', 'idle'],
  holding: ['idle'],
};

export interface ShareRoleMachine {
  readonly role: ShareRole;
  /** Moves to `to`; throws IllegalTransitionError (src/shared/machine.ts) when the table forbids it. */
  transition(to: ShareRole): void;
}

export function createShareRoleMachine(): ShareRoleMachine {
  const machine = createMachine<ShareRole>('shared chat', SHARE_ROLE_TRANSITIONS, 'idle');
  return {
    get role() {
      return machine.state;
    },
    transition: (to) => machine.transition(to),
  };
}
