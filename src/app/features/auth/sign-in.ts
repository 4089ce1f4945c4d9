/**
 * The sign-in form's rules and what it sends, with zod, the API client and the contract behind
 * them: the form loads this module when first focused or submitted, so the login route's first
 * paint carries none of them (docs/architecture.md §4 "Route budgets").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { accountCalls } from '../../api/api-client';
import { signInSchema, type SignInValues } from './form-schemas';
import { afterSignIn } from './post-sign-in';

export { applyServerFieldErrors } from '../../components/server-field-errors';

export const signInResolver = zodResolver(signInSchema);

export async function signIn(values: SignInValues): Promise<{ agreementDue: boolean }> {
  const result = await accountCalls.signIn(values);
  return afterSignIn(result.token, result.userInfo, result.autoLogoffSeconds);
}
