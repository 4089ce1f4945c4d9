/**
 * The navigation guard of spec §5: every route but the login pages needs a token, and
 * agreementProtocol must not be '0'; otherwise the user goes to the login route.
 */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useSession } from '../root';
import { canEnterPortal } from '../session';
import { paths } from '../paths';

export function RequireSession() {
  const snap = useSnapshot(useSession().state);
  const location = useLocation();
  if (!canEnterPortal(snap.session)) {
    const onPurpose = snap.session.phase === 'signed out' && snap.session.onPurpose;
    const state = onPurpose ? null : { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
