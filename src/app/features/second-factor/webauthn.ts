/**
 * The browser's side of passkeys (WebAuthn Level 3) through `@simplewebauthn/browser`: the
 * ceremonies with the server's options, and why one cannot run here. A passkey is bound to the
 * server's RP ID (docs/security.md "Second factor"): a page on another host (127.0.0.1 when the
 * RP ID is `localhost`) is told where passkeys work instead of failing without a word.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

export type PasskeyProblemKind = 'cancelled' | 'unsupported' | 'origin' | 'registered';

/** A ceremony that did not give an answer, and why. */
export class PasskeyProblem extends Error {
  constructor(
    readonly kind: PasskeyProblemKind,
    /** For `origin`: where passkeys of this portal work. */
    readonly origin?: string,
  ) {
    super(kind);
    this.name = 'PasskeyProblem';
  }
}

/** Where passkeys of RP ID `rpId` work, or null when this page's host is on that domain. */
export function passkeyOrigin(rpId: string, location: Pick<Location, 'hostname' | 'protocol' | 'port'>) {
  const host = location.hostname;
  if (host === rpId || host.endsWith(`.${rpId}`)) return null;
  return `${location.protocol}//${rpId}${location.port ? `:${location.port}` : ''}`;
}

function check(rpId: string | undefined): void {
  if (!browserSupportsWebAuthn()) throw new PasskeyProblem('unsupported');
  const elsewhere = rpId ? passkeyOrigin(rpId, window.location) : null;
  if (elsewhere) throw new PasskeyProblem('origin', elsewhere);
}

function problemOf(error: unknown): never {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new PasskeyProblem('registered');
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID') {
      throw new PasskeyProblem('unsupported');
    }
    if (error.code === 'ERROR_CEREMONY_ABORTED') throw new PasskeyProblem('cancelled');
  }
  // NotAllowedError: the person closed the prompt, or it timed out (WebAuthn L3 §5.1.3 step 22).
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    throw new PasskeyProblem('cancelled');
  }
  throw error;
}

/** `navigator.credentials.create()` with the server's options: the new passkey, as JSON. */
export async function createPasskey(options: unknown) {
  const optionsJSON = options as PublicKeyCredentialCreationOptionsJSON;
  check(optionsJSON.rp.id);
  try {
    const created = await startRegistration({ optionsJSON });
    return { ...created, clientExtensionResults: { ...created.clientExtensionResults } };
  } catch (error) {
    return problemOf(error);
  }
}

/** `navigator.credentials.get()` with the server's options: the passkey's answer, as JSON. */
export async function answerWithPasskey(options: unknown) {
  const optionsJSON = options as PublicKeyCredentialRequestOptionsJSON;
  check(optionsJSON.rpId);
  try {
    const answer = await startAuthentication({ optionsJSON });
    return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
  } catch (error) {
    return problemOf(error);
  }
}
