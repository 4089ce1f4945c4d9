/**
 * Unsaved changes are not lost by leaving (spec: no lost data): a navigation within the portal
 * asks first (React Router's blocker), and closing or reloading the tab gets the browser's own
 * warning. The caller keeps the changes in session storage meanwhile (draft-store.ts).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
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
