/**
 * Checking a proof of a second factor (docs/security.md "Second factor"): a code of the
 * authenticator app (each once), an unused recovery code (used up), or a passkey's answer to a
 * challenge issued to this provider (once). Settings' fresh proofs count under the second-factor
 * limits here; a sign-in's second step counts them itself, with its own tries beside them.
 */
import type { SecondFactorProof } from '../../shared/api/second-factor';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { LIMITS } from '../http/limits';
import { reserveAttempt } from '../http/rate-limit';
import { consumeRecoveryCode } from './factors';
import { verifyPasskey } from './passkeys';
import type { RelyingParty } from './relying-party';
import { verifyTotp, WRONG_CODE } from './totp-store';

/** The account a provider's second-factor answers are counted under (LIMITS.secondFactor). */
export const limitAccount = (providerId: number) => `provider:${providerId}`;

/** Whether the proof is right; a right code or challenge is used up by it. */
export async function proveFactor(
  ctx: ServerContext,
  providerId: number,
  proof: SecondFactorProof,
  rp: RelyingParty,
): Promise<boolean> {
  switch (proof.method) {
    case 'totp':
      return verifyTotp(ctx, providerId, proof.code);
    case 'recovery':
      return consumeRecoveryCode(ctx, providerId, proof.code);
    case 'passkey':
      return verifyPasskey(ctx, providerId, rp, proof.credential);
  }
}

/** The refusal of a wrong proof, on the field the portal shows it at. */
export function wrongProof(method: SecondFactorProof['method'], triesLeft: number | null): ApiError {
  const message =
    method === 'totp'
      ? WRONG_CODE
      : method === 'recovery'
        ? 'This recovery code is wrong or was used already'
        : 'The passkey was not accepted; try again or use another way';
  return new ApiError('SECOND_FACTOR_INVALID', message, {
    ...(triesLeft === null ? {} : { triesLeft }),
    fields: [{ field: method === 'passkey' ? 'credential' : 'code', message }],
  });
}

/**
 * A fresh proof before a change to the factors (removing one, new recovery codes): checked now,
 * under the second-factor limits; throws when it is wrong or the limits refuse it.
 */
export async function requireFreshProof(
  ctx: ServerContext,
  providerId: number,
  proof: SecondFactorProof,
  address: string,
  rp: RelyingParty,
): Promise<void> {
  const attempt = await reserveAttempt(ctx, LIMITS.secondFactor, {
    account: limitAccount(providerId),
    address,
  });
  if (!(await proveFactor(ctx, providerId, proof, rp))) {
    await attempt.failed();
    throw wrongProof(proof.method, null);
  }
  await attempt.succeeded();
}
