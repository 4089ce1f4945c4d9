/**
 * The second factor's endpoints (src/shared/api/second-factor.ts; docs/security.md "Second
 * factor"): a sign-in's second step, enrolment (in Settings, or in a sign-in that must enrol),
 * and managing the factors with a fresh proof.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SecondFactorMethod, SignInResult } from '../../shared/api/account';
import {
  abandonSecondStep,
  addPasskey,
  completeSecondStep,
  confirmTotp,
  listSecondFactors,
  passkeyRegistrationOptions,
  proofPasskeyOptions,
  regenerateRecoveryCodes,
  removeSecondFactor,
  secondStepPasskeyOptions,
  startTotp,
  type EnrolResult,
} from '../../shared/api/second-factor';
import { signedIn } from '../account/sign-in-answer';
import { countStepTry, endSecondStep, type SecondStepState } from '../auth/second-steps';
import type { ServerContext } from '../context';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/api-error';
import { LIMITS } from '../http/limits';
import { reserveAttempt } from '../http/rate-limit';
import { registerEndpoint } from '../http/route';
import { factorCount, listFactors, lockProvider, removeFactor, replaceRecoveryCodes } from './factors';
import { addPasskey as addPasskeyOf, authenticationOptions, registrationOptions } from './passkeys';
import { limitAccount, proveFactor, requireFreshProof, wrongProof } from './proofs';
import { relyingParty } from './relying-party';
import { confirmTotp as confirmTotpOf, startTotp as startTotpOf } from './totp-store';

const meta = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? null,
  address: request.ip,
});

/** The relying party of the port this request came in on (the port the server bound). */
const rpOf = (ctx: ServerContext, request: FastifyRequest) =>
  relyingParty(ctx.config, request.socket.localPort ?? ctx.config.port);

const stepOver = (message: string) => new ApiError('TOKEN_ERR_NOT_FOUND', message);

function mustVerify(step: SecondStepState): void {
  if (step.purpose !== 'VERIFY') {
    throw new ApiError('INVALID_STATE', 'Set up a second factor first: this account has none yet');
  }
}

export function registerSecondFactorRoutes(app: FastifyInstance, ctx: ServerContext) {
  /**
   * After a factor was added: the factors, the recovery codes of a first factor, and — in a
   * sign-in that had to enrol — the session, which finishes that step.
   */
  async function enrolled(
    request: FastifyRequest,
    who: { session?: { providerId: number }; step?: SecondStepState },
    recoveryCodes: string[] | null,
    method: SecondFactorMethod,
  ): Promise<EnrolResult> {
    const providerId = who.session?.providerId ?? who.step!.providerId;
    let session: SignInResult | null = null;
    if (who.step) {
      if (!(await endSecondStep(ctx, who.step.id, 'DONE')))
        throw stepOver('This sign-in was completed already');
      session = await signedIn(ctx, providerId, { ...meta(request), secondFactor: method });
    }
    return { factors: await listFactors(ctx, providerId), recoveryCodes, signedIn: session };
  }

  registerEndpoint(app, ctx, secondStepPasskeyOptions, async ({ step, request }) => {
    mustVerify(step);
    return authenticationOptions(ctx, step.providerId, rpOf(ctx, request));
  });

  registerEndpoint(app, ctx, completeSecondStep, async ({ step, body, request }) => {
    mustVerify(step);
    // Both counts are taken before the check, atomically, as a password's is: concurrent guesses
    // cannot outrun them. The step's first, so an answer the step has no try left for is no
    // failure of the account.
    const left = await countStepTry(ctx, step.id);
    if (left === null) {
      await endSecondStep(ctx, step.id, 'TOO_MANY_TRIES');
      throw stepOver('Too many wrong answers; please sign in again');
    }
    const attempt = await reserveAttempt(ctx, LIMITS.secondFactor, {
      account: limitAccount(step.providerId),
      address: request.ip,
    });
    if (!(await proveFactor(ctx, step.providerId, body, rpOf(ctx, request)))) {
      await attempt.failed();
      if (left === 0) await endSecondStep(ctx, step.id, 'TOO_MANY_TRIES');
      throw wrongProof(body.method, left);
    }
    if (!(await endSecondStep(ctx, step.id, 'DONE'))) throw stepOver('This sign-in was completed already');
    await attempt.succeeded();
    return signedIn(ctx, step.providerId, { ...meta(request), secondFactor: body.method });
  });

  registerEndpoint(app, ctx, abandonSecondStep, async ({ step }) => {
    await endSecondStep(ctx, step.id, 'ABANDONED');
    return null;
  });

  registerEndpoint(app, ctx, passkeyRegistrationOptions, async ({ session, step, request }) =>
    registrationOptions(ctx, session?.providerId ?? step!.providerId, rpOf(ctx, request)),
  );

  registerEndpoint(app, ctx, addPasskey, async ({ session, step, body, request }) => {
    const providerId = session?.providerId ?? step!.providerId;
    const codes = await addPasskeyOf(ctx, providerId, rpOf(ctx, request), body.name, body.credential);
    return enrolled(request, { session, step }, codes, 'passkey');
  });

  registerEndpoint(app, ctx, startTotp, async ({ session, step }) =>
    startTotpOf(ctx, session?.providerId ?? step!.providerId),
  );

  registerEndpoint(app, ctx, confirmTotp, async ({ session, step, body, request }) => {
    const providerId = session?.providerId ?? step!.providerId;
    // In a sign-in, wrong codes use up the step's tries as they do when verifying.
    const left = step ? await countStepTry(ctx, step.id) : null;
    if (step && left === null) {
      await endSecondStep(ctx, step.id, 'TOO_MANY_TRIES');
      throw stepOver('Too many wrong answers; please sign in again');
    }
    let codes: string[] | null;
    try {
      codes = await confirmTotpOf(ctx, providerId, body.code);
    } catch (error) {
      if (step && left !== null && error instanceof ApiError && error.code === 'SECOND_FACTOR_INVALID') {
        if (left === 0) await endSecondStep(ctx, step.id, 'TOO_MANY_TRIES');
        throw wrongProof('totp', left);
      }
      throw error;
    }
    return enrolled(request, { session, step }, codes, 'totp');
  });

  registerEndpoint(app, ctx, listSecondFactors, async ({ session }) => listFactors(ctx, session.providerId));

  registerEndpoint(app, ctx, proofPasskeyOptions, async ({ session, request }) =>
    authenticationOptions(ctx, session.providerId, rpOf(ctx, request)),
  );

  registerEndpoint(app, ctx, regenerateRecoveryCodes, async ({ session, body, request }) => {
    const rp = rpOf(ctx, request);
    await requireFreshProof(ctx, session.providerId, body.proof, request.ip, rp);
    const recoveryCodes = await inTransaction(ctx.db, async (trx) => {
      await lockProvider(trx, session.providerId);
      if ((await factorCount(trx, session.providerId)) === 0) {
        throw new ApiError('INVALID_STATE', 'Recovery codes come with a second factor: add one first');
      }
      return replaceRecoveryCodes(trx, session.providerId);
    });
    return { recoveryCodes };
  });

  registerEndpoint(app, ctx, removeSecondFactor, async ({ session, body, request }) => {
    await requireFreshProof(ctx, session.providerId, body.proof, request.ip, rpOf(ctx, request));
    await removeFactor(ctx, session.providerId, body.factor);
    return listFactors(ctx, session.providerId);
  });
}
