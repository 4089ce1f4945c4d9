/**
 * Second-factor steps for the tests (docs/security.md "Second factor"): authenticator-app codes
 * computed as an app computes them (`otpauth`), a code that is certainly wrong, and enrolment of
 * an app or a software passkey through the own API.
 */
import { Secret, TOTP } from 'otpauth';
import type { apiClient } from './api';
import { SoftPasskey, type CreationOptions } from './soft-passkey';

type Api = ReturnType<typeof apiClient>;

/** The app's code `steps` time steps from now (30 s each; the server accepts one either side). */
export function appCode(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/** Six digits that are no code of the app around now. */
export function wrongCode(secret: string): string {
  const near = [-2, -1, 0, 1, 2].map((s) => appCode(secret, s));
  for (let n = 123_456; ; n++) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

export interface EnrolledApp {
  secret: string;
  recoveryCodes: string[];
}

/** Sets up an authenticator app for the holder of `token` (a session, or an enrolment step). */
export async function enrolApp(api: Api, token: string, from?: string) {
  const started = await api.call<{ secret: string; uri: string }>(
    'POST',
    '/user/doctor/second-factor/totp/start',
    {
      token,
      from,
    },
  );
  if (started.code !== 'OK') throw new Error(`TOTP start failed: ${started.code} ${started.message}`);
  const confirmed = await api.call<{ recoveryCodes: string[] | null; signedIn: { token: string } | null }>(
    'POST',
    '/user/doctor/second-factor/totp',
    { token, form: { code: appCode(started.data.secret) }, from },
  );
  if (confirmed.code !== 'OK') throw new Error(`TOTP confirm failed: ${confirmed.code} ${confirmed.message}`);
  return { secret: started.data.secret, uri: started.data.uri, ...confirmed.data };
}

/** Registers a new software passkey (origin `http://localhost:PORT`, RP ID `localhost`). */
export async function enrolPasskey(api: Api, token: string, port: number, name = 'Test key') {
  const passkey = new SoftPasskey(`http://localhost:${port}`, 'localhost');
  const options = await api.call<CreationOptions>('POST', '/user/doctor/second-factor/passkey/options', {
    token,
  });
  if (options.code !== 'OK') throw new Error(`passkey options failed: ${options.code} ${options.message}`);
  const added = await api.call<{ recoveryCodes: string[] | null; signedIn: { token: string } | null }>(
    'POST',
    '/user/doctor/second-factor/passkey',
    { token, json: { name, credential: passkey.create(options.data) } },
  );
  if (added.code !== 'OK') throw new Error(`passkey add failed: ${added.code} ${added.message}`);
  return { passkey, ...added.data };
}
