/**
 * The sign-in form's rules and what it sends, with zod, the API client and the contract behind
 * them: the form loads this module when first focused or submitted, so the login route's first
 * paint carries none of them (docs/performance.md "Route budgets").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { SecondStep } from '../../../shared/api/account';
import { accountCalls } from '../../api/api-client';
import { signInSchema, type SignInValues } from './form-schemas';
import type { SessionStore } from '../../session';
import { afterSignIn } from './post-sign-in';

export { applyServerFieldErrors } from '../../components/server-field-errors';

export const signInResolver = zodResolver(signInSchema);

/** A signed-in session (and whether the agreement is due), or the second step that comes first. */
export type SignInOutcome = { agreementDue: boolean; secondStep?: undefined } | { secondStep: SecondStep };

export async function signIn(session: SessionStore, values: SignInValues): Promise<SignInOutcome> {
  const result = await accountCalls.signIn(values);
  // docs/security.md "Second factor": the session comes with the second step.
  if ('secondStep' in result) return { secondStep: result.secondStep };
  return afterSignIn(session, result.token, result.userInfo, result.autoLogoffSeconds);
}
