/**
 * Passkeys (WebAuthn Level 3) through `@simplewebauthn/server`: the options for the browser's
 * ceremonies and the checks of their answers, with this server's relying party
 * (relying-party.ts). Every challenge is random, kept 5 minutes and answered at most once
 * (WebAuthn L3 §13.4.3): it is deleted from the database as the answer is checked, so a replayed
 * answer finds none. Passkeys serve as a second factor: user presence suffices, user
 * verification is preferred, attestation is not asked for (docs/security.md "Second factor").
 */
import { createHmac } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod/mini';
import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '../../shared/api/second-factor';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { addFactor, MAX_PASSKEYS } from './factors';
import type { RelyingParty } from './relying-party';

/**
 * The WebAuthn library, loaded with the first passkey ceremony: its ASN.1 and X.509 packages take
 * seconds to load on a busy machine, which every server start would otherwise pay
 * (docs/performance.md "Warm start").
 */
const webauthn = () => import('@simplewebauthn/server');

const CHALLENGE_SECONDS = 300;
const CEREMONY_TIMEOUT_MS = 120_000;

type Purpose = 'REGISTER' | 'AUTHENTICATE';

async function keepChallenge(ctx: ServerContext, providerId: number, purpose: Purpose, challenge: string) {
  await ctx.db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      provider_id: providerId,
      purpose,
      expires_at: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    })
    .execute();
}

/** Takes a challenge this server issued to this provider for this purpose, once, within its time. */
function challengeTaker(ctx: ServerContext, providerId: number, purpose: Purpose) {
  return async (challenge: string): Promise<boolean> => {
    const taken = await ctx.db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('provider_id', '=', providerId)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', new Date())
      .returning('challenge')
      .executeTakeFirst();
    return taken !== undefined;
  };
}

/** The user handle (WebAuthn L3 §14.6.1: no personal data): an HMAC of the provider id. */
function userHandle(ctx: ServerContext, providerId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    createHmac('sha256', ctx.secrets.chatPasswordKey).update(`webauthn-user:${providerId}`).digest(),
  );
}

async function passkeysOf(ctx: ServerContext, providerId: number) {
  return ctx.db
    .selectFrom('second_factor_passkeys')
    .select(['id', 'credential_id', 'public_key', 'sign_count', 'transports'])
    .where('provider_id', '=', providerId)
    .orderBy('id')
    .execute();
}

/** Options for `navigator.credentials.create()`: a new passkey for this provider. */
export async function registrationOptions(
  ctx: ServerContext,
  providerId: number,
  rp: RelyingParty,
): Promise<z.input<typeof PasskeyCreationOptions>> {
  const provider = await ctx.db
    .selectFrom('providers')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  const existing = await passkeysOf(ctx, providerId);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: provider.email,
    userDisplayName: `${provider.first_name} ${provider.last_name}`.trim(),
    userID: userHandle(ctx, providerId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, providerId, 'REGISTER', options.challenge);
  return options as z.input<typeof PasskeyCreationOptions>;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

const NOT_ADDED = 'The passkey could not be added; please try again';

/**
 * Adds the passkey the browser created for this provider's last registration challenge; with
 * her first factor, the new recovery codes (else null).
 */
export async function addPasskey(
  ctx: ServerContext,
  providerId: number,
  rp: RelyingParty,
  name: string,
  credential: z.infer<typeof PasskeyAttestation>,
): Promise<string[] | null> {
  const { verifyRegistrationResponse } = await webauthn();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: {
        ...credential,
        clientExtensionResults: credential.clientExtensionResults ?? {},
      } as RegistrationResponseJSON,
      expectedChallenge: challengeTaker(ctx, providerId, 'REGISTER'),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.info({ err: error, providerId }, 'passkey registration refused');
    throw new ApiError('SECOND_FACTOR_INVALID', NOT_ADDED);
  }
  if (!verified.verified) throw new ApiError('SECOND_FACTOR_INVALID', NOT_ADDED);
  const { credential: created, credentialBackedUp } = verified.registrationInfo;
  try {
    return await addFactor(ctx, providerId, async (trx) => {
      const count = await trx
        .selectFrom('second_factor_passkeys')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('provider_id', '=', providerId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_PASSKEYS) {
        throw new ApiError('INVALID_STATE', `At most ${MAX_PASSKEYS} passkeys; remove one first`);
      }
      await trx
        .insertInto('second_factor_passkeys')
        .values({
          provider_id: providerId,
          credential_id: created.id,
          public_key: Buffer.from(created.publicKey),
          sign_count: created.counter,
          transports: created.transports ?? credential.response.transports ?? [],
          backed_up: credentialBackedUp,
          name,
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError('SECOND_FACTOR_INVALID', 'This passkey is registered already');
    }
    throw error;
  }
}

/** Options for `navigator.credentials.get()` with one of this provider's passkeys. */
export async function authenticationOptions(
  ctx: ServerContext,
  providerId: number,
  rp: RelyingParty,
): Promise<z.input<typeof PasskeyRequestOptions>> {
  const passkeys = await passkeysOf(ctx, providerId);
  if (passkeys.length === 0) throw new ApiError('INVALID_STATE', 'No passkey is registered for this account');
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports })),
  });
  await keepChallenge(ctx, providerId, 'AUTHENTICATE', options.challenge);
  return options as z.input<typeof PasskeyRequestOptions>;
}

/**
 * Whether the assertion proves one of this provider's passkeys for a challenge issued to her.
 * The signature counter moves forward with it (WebAuthn L3 §6.1.1: a counter that does not
 * grow may mean a cloned authenticator, and is refused).
 */
export async function verifyPasskey(
  ctx: ServerContext,
  providerId: number,
  rp: RelyingParty,
  assertion: z.infer<typeof PasskeyAssertion>,
): Promise<boolean> {
  const passkey = (await passkeysOf(ctx, providerId)).find((p) => p.credential_id === assertion.id);
  if (!passkey) return false;
  const counter = Number(passkey.sign_count);
  const { verifyAuthenticationResponse } = await webauthn();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: {
        ...assertion,
        clientExtensionResults: assertion.clientExtensionResults ?? {},
      } as AuthenticationResponseJSON,
      expectedChallenge: challengeTaker(ctx, providerId, 'AUTHENTICATE'),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.info({ err: error, providerId }, 'passkey assertion refused');
    return false;
  }
  if (!result.verified) return false;
  const moved = await ctx.db
    .updateTable('second_factor_passkeys')
    .set({ sign_count: result.authenticationInfo.newCounter, last_used_at: new Date() })
    .where('id', '=', passkey.id)
    .where('sign_count', '=', counter)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}
