/**
 * What follows a successful sign-in or sign-up (spec §4 login flow, §5 guard): ask whether the
 * agreement popup is due, then keep the session with the answer; while it is due, the session is
 * 'agreement due' (session-store.ts, `agreementProtocol` '0') and the user stays on the login
 * route. The question comes first (with the new token), so the session is kept once, in the state
 * the answer gives it: a session kept before the answer would open the portal for a moment.
 */
import type { DoctorInfo, SignInResult } from '../../../shared/api/account';
import type { PortalApi } from '../../api/api-client';
import { protocolCalls } from '../../api/domain-calls/account';
import type { SessionStore } from '../../session';

export async function afterSignIn(
  session: SessionStore,
  api: PortalApi,
  token: string,
  userInfo: DoctorInfo,
  autoLogoffSeconds?: number,
): Promise<{ agreementDue: boolean }> {
  const due = await protocolCalls(api).isPopupDue(userInfo.userId, { token });
  session.start(token, userInfo, { agreementDue: due.popup, autoLogoffSeconds });
  return { agreementDue: due.popup };
}

/** A session a second step ended in (docs/security.md "Second factor"), kept as a sign-in's. */
export function afterSecondStep(
  session: SessionStore,
  api: PortalApi,
  result: SignInResult,
): Promise<{ agreementDue: boolean }> {
  return afterSignIn(session, api, result.token, result.userInfo, result.autoLogoffSeconds);
}
