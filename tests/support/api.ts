/**
 * A small own-API caller for tests: sends the spec §7 headers and form bodies, returns the
 * envelope and HTTP status. Tests use it to prove the wire contract, not `src/rest`.
 */
import { personas } from '../../fixtures';

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

export function apiClient(baseUrl: string) {
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

  let counter = 0;
  /** Signs up a fresh provider (unique email) and returns its token and user id. */
  async function signUpFresh(
    prefix = 'fresh',
  ): Promise<{ token: string; userId: number; email: string; password: string; chatId: number }> {
    const email = `${prefix}.${Date.now()}.${counter++}@clinic.example`;
    const password = 'Fresh-pass-2026';
    const answer = await call<{ token: string; userInfo: { userId: number; chatId: number } }>(
      'POST',
      '/user/user/sign/up/doctor',
      {
        form: { email, password, firstName: 'Fresh', lastName: prefix },
      },
    );
    if (answer.code !== 'OK') throw new Error(`Sign-up failed: ${answer.code} ${answer.message}`);
    return {
      token: answer.data.token,
      userId: answer.data.userInfo.userId,
      chatId: answer.data.userInfo.chatId,
      email,
      password,
    };
  }

  return { call, signIn, signInAs, signUpFresh };
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
