/**
 * Second-factor calls (docs/security.md "Second factor"), one function per endpoint of
 * `src/shared/api/second-factor.ts`. The second step of a sign-in and an enrolment inside it send
 * the step's token (`stepToken`) instead of the session's.
 */
import type { BodyOf } from '../shared/api/endpoint';
import * as secondFactor from '../shared/api/second-factor';
import type { ApiClient, CallInput } from './client';

type Extra = Pick<CallInput, 'quiet' | 'signal'>;
/** Enrolment calls: with a step's token inside a sign-in, else on the session. */
type Enrolment = Extra & { stepToken?: string };

const token = (stepToken: string | undefined) => (stepToken ? { token: stepToken } : {});

export const secondFactorApi = (api: ApiClient) => ({
  /** A challenge for one of her passkeys, to finish the sign-in with. */
  stepPasskeyOptions: (stepToken: string, extra?: Extra) =>
    api.call(secondFactor.secondStepPasskeyOptions, { token: stepToken, ...extra }),
  completeStep: (stepToken: string, proof: BodyOf<typeof secondFactor.completeSecondStep>, extra?: Extra) =>
    api.call(secondFactor.completeSecondStep, { token: stepToken, body: proof, ...extra }),
  abandonStep: (stepToken: string, extra?: Extra) =>
    api.call(secondFactor.abandonSecondStep, { token: stepToken, ...extra }),

  passkeyRegistrationOptions: ({ stepToken, ...extra }: Enrolment = {}) =>
    api.call(secondFactor.passkeyRegistrationOptions, { ...token(stepToken), ...extra }),
  addPasskey: (body: BodyOf<typeof secondFactor.addPasskey>, { stepToken, ...extra }: Enrolment = {}) =>
    api.call(secondFactor.addPasskey, { body, ...token(stepToken), ...extra }),
  startTotp: ({ stepToken, ...extra }: Enrolment = {}) =>
    api.call(secondFactor.startTotp, { ...token(stepToken), ...extra }),
  confirmTotp: (code: string, { stepToken, ...extra }: Enrolment = {}) =>
    api.call(secondFactor.confirmTotp, { body: { code }, ...token(stepToken), ...extra }),

  list: (extra?: Extra) => api.call(secondFactor.listSecondFactors, { ...extra }),
  proofPasskeyOptions: (extra?: Extra) => api.call(secondFactor.proofPasskeyOptions, { ...extra }),
  regenerateRecoveryCodes: (body: BodyOf<typeof secondFactor.regenerateRecoveryCodes>, extra?: Extra) =>
    api.call(secondFactor.regenerateRecoveryCodes, { body, ...extra }),
  remove: (body: BodyOf<typeof secondFactor.removeSecondFactor>, extra?: Extra) =>
    api.call(secondFactor.removeSecondFactor, { body, ...extra }),
});
