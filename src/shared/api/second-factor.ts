/**
 * A provider's second factor (docs/security.md "Second factor"): passkeys (WebAuthn Level 3) and
 * an authenticator app (TOTP, RFC 6238) with one-time recovery codes. The second step of a sign-in
 * (`auth: 'second-step'`), enrolment (a session, or the step of a provider who must enrol), and
 * managing the factors in Settings. Paths are below `/api`.
 */
import { z } from 'zod/mini';
import { SignInResult } from './account';
import { defineEndpoint } from './endpoint';
import { MAX_ID } from './fields';

/** base64url text as WebAuthn's JSON forms carry binary values (WebAuthn L3 §5.1.8). */
function base64url(maxLength: number) {
  return z.string().check(z.maxLength(maxLength), z.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url'));
}

/** Six digits from the authenticator app (RFC 6238 with its defaults: SHA-1, 30 s). */
export const TotpCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'The code has 6 digits'));

/** A recovery code as shown (`XXXX-XXXX-XXXX-XXXX`); spaces, dashes and case do not matter. */
export const RecoveryCode = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter a recovery code'), z.maxLength(40), z.regex(/^[0-9A-Za-z -]+$/));

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.get()` (WebAuthn L3 §5.1). */
export const PasskeyAssertion = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8_000),
    authenticatorData: base64url(8_000),
    signature: base64url(2_000),
    userHandle: z.optional(base64url(200)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
});

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.create()` (WebAuthn L3 §5.1). */
export const PasskeyAttestation = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8_000),
    attestationObject: base64url(64_000),
    authenticatorData: z.optional(base64url(64_000)),
    transports: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.number().check(z.int())),
    publicKey: z.optional(base64url(8_000)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
});

/**
 * A proof of a second factor, made now: a code from the authenticator app, an unused recovery
 * code, or a passkey's answer to a challenge this server issued.
 */
export const SecondFactorProof = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: TotpCode }),
  z.object({ method: z.literal('recovery'), code: RecoveryCode }),
  z.object({ method: z.literal('passkey'), credential: PasskeyAssertion }),
]);
export type SecondFactorProof = z.infer<typeof SecondFactorProof>;

const Descriptor = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.optional(z.array(z.string())),
});

/** `PublicKeyCredentialRequestOptionsJSON`, for `navigator.credentials.get()`. */
export const PasskeyRequestOptions = z.looseObject({
  challenge: z.string(),
  rpId: z.optional(z.string()),
  timeout: z.optional(z.number()),
  allowCredentials: z.optional(z.array(Descriptor)),
  userVerification: z.optional(z.string()),
});

/** `PublicKeyCredentialCreationOptionsJSON`, for `navigator.credentials.create()`. */
export const PasskeyCreationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.optional(z.string()) }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.string(), alg: z.number() })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(Descriptor)),
});

export const Passkey = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});

/** The provider's factors as Settings lists them; never a secret. */
export const SecondFactors = z.object({
  /** The operator requires a second factor (REQUIRE_MFA): the last one cannot be removed. */
  required: z.boolean(),
  passkeys: z.array(Passkey),
  totp: z.nullable(z.object({ addedAt: z.string() })),
  /** Unused recovery codes; 0 without a factor. */
  recoveryCodesLeft: z.number().check(z.int(), z.nonnegative()),
});
export type SecondFactors = z.infer<typeof SecondFactors>;

/**
 * A factor was added. `recoveryCodes`: shown once, with the first factor (never again: only
 * their hashes are kept). `signedIn`: the session, when the factor was enrolled in a sign-in's
 * second step.
 */
export const EnrolResult = z.object({
  factors: SecondFactors,
  recoveryCodes: z.nullable(z.array(z.string())),
  signedIn: z.nullable(SignInResult),
});
export type EnrolResult = z.infer<typeof EnrolResult>;

const PasskeyName = z.string().check(z.trim(), z.minLength(1, 'Give the passkey a name'), z.maxLength(60));

export const secondStepPasskeyOptions = defineEndpoint({
  id: 'secondStepPasskeyOptions',
  method: 'POST',
  path: '/user/user/sign/in/doctor/second-step/passkey-options',
  summary:
    "A challenge for one of the provider's passkeys (WebAuthn `navigator.credentials.get`), valid 5 minutes, once",
  tag: 'Second factor',
  auth: 'second-step',
  response: PasskeyRequestOptions,
});

export const completeSecondStep = defineEndpoint({
  id: 'completeSecondStep',
  method: 'POST',
  path: '/user/user/sign/in/doctor/second-step',
  summary:
    'Finish signing in with a second factor: a code from the authenticator app (each code once), an unused ' +
    'recovery code, or a passkey. Answers the session, ending (kicking) every older one. Wrong answers are ' +
    'limited per step (then sign in again), per account and per address (RATE_LIMITED)',
  tag: 'Second factor',
  auth: 'second-step',
  encoding: 'json',
  body: SecondFactorProof,
  response: SignInResult,
});

export const abandonSecondStep = defineEndpoint({
  id: 'abandonSecondStep',
  method: 'POST',
  path: '/user/user/sign/in/doctor/second-step/abandon',
  summary: 'Give up this sign-in: its second-step token stops working',
  tag: 'Second factor',
  auth: 'second-step',
  response: z.null(),
});

export const passkeyRegistrationOptions = defineEndpoint({
  id: 'passkeyRegistrationOptions',
  method: 'POST',
  path: '/user/doctor/second-factor/passkey/options',
  summary:
    'A challenge to create a passkey for this account (WebAuthn `navigator.credentials.create`), valid 5 minutes, once',
  tag: 'Second factor',
  auth: 'enrolment',
  response: PasskeyCreationOptions,
});

export const addPasskey = defineEndpoint({
  id: 'addPasskey',
  method: 'POST',
  path: '/user/doctor/second-factor/passkey',
  summary:
    'Add the passkey the browser created for the last challenge. With the first factor the answer carries the ' +
    'recovery codes, shown this once; in a sign-in that had to enrol, it also carries the session',
  tag: 'Second factor',
  auth: 'enrolment',
  encoding: 'json',
  body: z.object({ name: PasskeyName, credential: PasskeyAttestation }),
  response: EnrolResult,
});

export const startTotp = defineEndpoint({
  id: 'startTotp',
  method: 'POST',
  path: '/user/doctor/second-factor/totp/start',
  summary:
    'A new secret for an authenticator app (base32 and as an otpauth:// URI for a QR code); it counts once ' +
    'confirmed with a code. INVALID_STATE while an app is set up already',
  tag: 'Second factor',
  auth: 'enrolment',
  response: z.object({ secret: z.string(), uri: z.string() }),
});

export const confirmTotp = defineEndpoint({
  id: 'confirmTotp',
  method: 'POST',
  path: '/user/doctor/second-factor/totp',
  summary:
    'Confirm the authenticator app with its current code. With the first factor the answer carries the ' +
    'recovery codes, shown this once; in a sign-in that had to enrol, it also carries the session',
  tag: 'Second factor',
  auth: 'enrolment',
  body: z.object({ code: TotpCode }),
  response: EnrolResult,
});

export const listSecondFactors = defineEndpoint({
  id: 'listSecondFactors',
  method: 'GET',
  path: '/user/doctor/second-factor',
  summary: "The signed-in provider's passkeys, authenticator app and how many recovery codes are left",
  tag: 'Second factor',
  auth: 'token',
  response: SecondFactors,
});

export const proofPasskeyOptions = defineEndpoint({
  id: 'proofPasskeyOptions',
  method: 'POST',
  path: '/user/doctor/second-factor/proof/passkey-options',
  summary:
    'A challenge for one of her passkeys, to prove the second factor again before removing a factor or ' +
    'replacing the recovery codes',
  tag: 'Second factor',
  auth: 'token',
  response: PasskeyRequestOptions,
});

export const regenerateRecoveryCodes = defineEndpoint({
  id: 'regenerateRecoveryCodes',
  method: 'POST',
  path: '/user/doctor/second-factor/recovery-codes',
  summary:
    'New recovery codes, shown this once; the old ones stop working. Needs a fresh proof of a second factor',
  tag: 'Second factor',
  auth: 'token',
  encoding: 'json',
  body: z.object({ proof: SecondFactorProof }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const removeSecondFactor = defineEndpoint({
  id: 'removeSecondFactor',
  method: 'POST',
  path: '/user/doctor/second-factor/remove',
  summary:
    'Remove a passkey or the authenticator app, with a fresh proof of a second factor. Removing the last ' +
    'factor also ends the recovery codes; where a second factor is required it is INVALID_STATE',
  tag: 'Second factor',
  auth: 'token',
  encoding: 'json',
  body: z.object({
    factor: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('passkey'),
        id: z.number().check(z.int(), z.positive(), z.lte(MAX_ID, 'Not a known id')),
      }),
      z.object({ kind: z.literal('totp') }),
    ]),
    proof: SecondFactorProof,
  }),
  response: SecondFactors,
});
