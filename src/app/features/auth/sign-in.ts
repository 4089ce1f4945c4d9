/**
 * The sign-in form's rules and what it sends, with zod and the contract behind them: the form
 * loads this module, and the portal root its API client, when first focused or submitted, so the login route's first
 * paint carries none of them (docs/performance.md "Route budgets").
 */
import type { SecondStep } from '../../../shared/api/account';
import type { PortalApi } from '../../api/api-client';
import { accountCalls } from '../../api/domain-calls/account';
import { signInSchema, type SignInValues } from './form-schemas';
import type { SessionStore } from '../../session';
import { afterSignIn } from './post-sign-in';

export { serverFieldMessages } from '../../components/server-field-errors';

/** A message key (namespace `auth`) per field that breaks a rule. */
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/**
 * The form's values by its rules: the values to send (the address trimmed), or the first broken
 * rule's message of each field, as the other forms' resolver gives them.
 */
export function checkSignIn(values: SignInValues): { values: SignInValues } | { errors: SignInErrors } {
  const result = signInSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const errors: SignInErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SignInValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** A signed-in session (and whether the agreement is due), or the second step that comes first. */
export type SignInOutcome = { agreementDue: boolean; secondStep?: undefined } | { secondStep: SecondStep };

/** Signs in with the portal root's `api` client into its `session`. */
export async function signIn(
  session: SessionStore,
  api: PortalApi,
  values: SignInValues,
): Promise<SignInOutcome> {
  const result = await accountCalls(api).signIn(values);
  // docs/security.md "Second factor": the session comes with the second step.
  if ('secondStep' in result) return { secondStep: result.secondStep };
  return afterSignIn(session, api, result.token, result.userInfo, result.autoLogoffSeconds);
}
