/**
 * A small own-API caller for tests: sends the spec §7 headers and form bodies, returns the
 * envelope and HTTP status. Tests use it to prove the wire contract, not `src/rest`.
 */
import { randomInt } from 'node:crypto';
import { personas } from '../../fixtures';
import { mailedCode, mailsTo, SIGN_UP_CODE } from './mail';

export interface Answer<T = unknown> {
  status: number;
  code: string;
  message: string;
  data: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  form?: Record<string, string | number | undefined>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Pretend to come from this address (the test stack trusts X-Forwarded-For from loopback). */
  from?: string;
}

/**
 * A client address of its own for one sign-up: sign-ups are limited per client address
 * (docs/security.md "Sign-up"), and a shared stack signs up hundreds of providers from loopback.
 */
export function freshClientAddress(): string {
  // 100.64.0.0/10, apart from the 10.x addresses tests name to prove a limit.
  return `100.${randomInt(64, 128)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * The stack's URL, and its data directory where a test signs providers up (their codes are read
 * from its outbox).
 */
export type ApiTarget = string | { url: string; dataDir?: string };

export function apiClient(target: ApiTarget) {
  const baseUrl = typeof target === 'string' ? target : target.url;
  const dataDir = typeof target === 'string' ? undefined : target.dataDir;
  async function call<T = unknown>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      apiVersion: '7',
      timezone: 'Europe/London',
      country: 'GB',
      os: 'web',
      ...options.headers,
    };
    if (options.token) headers.authToken = options.token;
    if (options.from) headers['X-Forwarded-For'] = options.from;
    let body: BodyInit | undefined = options.body;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) if (v !== undefined) form.set(k, String(v));
      body = form.toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${baseUrl}/api${path}`, { method, headers, body });
    const text = await response.text();
    let envelope: { code: string; message: string; data: T };
    try {
      envelope = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, ...envelope, headers: response.headers };
  }

  async function signIn(email: string, password: string, from?: string): Promise<string> {
    const answer = await call<{ token: string }>('POST', '/user/user/sign/in/doctor', {
      form: { email, password },
      from,
    });
    if (answer.code !== 'OK') throw new Error(`Sign-in of ${email} failed: ${answer.code} ${answer.message}`);
    return answer.data.token;
  }

  async function signInAs(key: string): Promise<string> {
    const p = personas.providers.find((x) => x.key === key);
    if (!p) throw new Error(`No provider persona ${key}`);
    return signIn(p.email, p.password);
  }

  /**
   * Signs up as the portal does — the details, then the code mailed to the address — from a client
   * address of its own unless `options.from` names one; answers the confirmation's envelope.
   */
  async function signUp<T = { token: string; userInfo: { userId: number; chatId: number } }>(
    form: Record<string, string>,
    options: Pick<CallOptions, 'headers' | 'from'> = {},
  ): Promise<Answer<T>> {
    if (!dataDir) throw new Error('Signing up reads the mailed code: give apiClient the stack, not its URL');
    const from = options.from ?? freshClientAddress();
    // Someone else may have signed up with this address before: the code is in the next mail.
    const before = (await mailsTo(dataDir, form.email!, SIGN_UP_CODE)).length;
    const started = await call<{ signUpId: string }>('POST', '/user/user/sign/up/doctor', {
      form,
      headers: options.headers,
      from,
    });
    if (started.code !== 'OK') throw new Error(`Sign-up failed: ${started.code} ${started.message}`);
    const code = await mailedCode(dataDir, form.email!, SIGN_UP_CODE, before);
    return call<T>('POST', '/user/user/sign/up/doctor/confirm', {
      form: { signUpId: started.data.signUpId, code },
      from,
    });
  }

  let counter = 0;
  /** Signs up a fresh provider (unique email) and returns its token and ids. */
  async function signUpFresh(
    prefix = 'fresh',
  ): Promise<{ token: string; userId: number; email: string; password: string; chatId: number }> {
    const email = `${prefix}.${Date.now()}.${counter++}@clinic.example`;
    const password = 'Fresh-pass-2026';
    const answer = await signUp({ email, password, firstName: 'Fresh', lastName: prefix });
    if (answer.code !== 'OK') throw new Error(`Sign-up code refused: ${answer.code} ${answer.message}`);
    return {
      token: answer.data.token,
      userId: answer.data.userInfo.userId,
      chatId: answer.data.userInfo.chatId,
      email,
      password,
    };
  }

  return { call, signIn, signInAs, signUp, signUpFresh };
}

/** Calls the admin API of a running stack (what `npm run admin` does). */
export async function adminCall<T = unknown>(
  baseUrl: string,
  secret: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/internal/admin${path}`, {
    method,
    headers: {
      'X-Admin-Secret': secret,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, ...(await response.json()), headers: response.headers };
}
