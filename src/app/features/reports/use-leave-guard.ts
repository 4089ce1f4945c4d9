/**
 * Unsaved changes are not lost by leaving (spec: no lost data): a navigation within the portal
 * asks first (React Router's blocker), and closing or reloading the tab gets the browser's own
 * warning. The caller keeps the changes as a draft meanwhile (draft-store.ts), so the way to the
 * login page after the session ended (the automatic logoff, a sign-out elsewhere) is not stopped:
 * the draft is offered back after signing in again.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useSession } from '../../root';

export function useLeaveGuard(dirty: boolean) {
  const session = useSession();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      session.state.token !== null &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
