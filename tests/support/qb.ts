/**
 * A raw chat-service (`/qb`) caller for tests, written apart from `src/rest` so the tests prove the
 * wire itself: the vendor SDK's form encoding (docs/wire/hosted-chat.md §2.2: sorted pairs, one-level
 * `a[b]=`, arrays as ONE comma-joined `a[]=`), its session signature (§3.1) and its headers.
 */
import { createHmac, randomInt } from 'node:crypto';
import { member, personas, provider } from '../../fixtures';
import { apiClient } from './api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read vendor JSON loosely
export type Loose = any;

export interface QbAnswer<T = Loose> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface QbCall {
  token?: string | null;
  form?: Record<string, unknown>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** §2.2 form encoding, as the SDK does it. */
export function sdkForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) pairs.push(`${key}[]=${encodeURIComponent(value.join(','))}`);
    else if (typeof value === 'object' && value !== null) {
      for (const [sub, v] of Object.entries(value))
        pairs.push(`${key}[${sub}]=${encodeURIComponent(String(v))}`);
    } else pairs.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return pairs.sort().join('&');
}

/** §3.1 signature: whole `k=v` strings sorted, raw values, HMAC hex. */
export function sdkSignature(
  params: Record<string, unknown>,
  secret: string,
  hash: 'sha1' | 'sha256' = 'sha1',
) {
  const chunks = Object.entries(params).map(([k, v]) =>
    typeof v === 'object' && v !== null
      ? Object.entries(v)
          .map(([s, x]) => `${k}[${s}]=${String(x)}`)
          .sort()
          .join('&')
      : `${k}=${String(v)}`,
  );
  return createHmac(hash, secret).update(chunks.sort().join('&')).digest('hex');
}

export function qbClient(baseUrl: string) {
  const app = personas.chatApp;

  async function call<T = Loose>(method: string, path: string, options: QbCall = {}): Promise<QbAnswer<T>> {
    const headers: Record<string, string> = {
      'QB-SDK': 'JS 2.16.2 - Client',
      'QB-OS': 'Linux',
      ...options.headers,
    };
    if (options.token) headers['QB-Token'] = options.token;
    let body = options.body;
    let url = `${baseUrl}/qb${path}`;
    if (options.form && (method === 'GET' || method === 'HEAD')) {
      url += `${url.includes('?') ? '&' : '?'}${sdkForm(options.form)}`;
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
      body = sdkForm(options.form);
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : text;
    } catch {
      // Text answers (DELETEs, uploads) stay text.
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  function signedSessionParams(user?: Record<string, string>, hash: 'sha1' | 'sha256' = 'sha1') {
    const params: Record<string, unknown> = {
      application_id: app.appId,
      auth_key: app.authKey,
      nonce: randomInt(0, 2 ** 31),
      timestamp: Math.floor(Date.now() / 1000),
      ...(user ? { user } : {}),
    };
    return { ...params, signature: sdkSignature(params, app.authSecret, hash) };
  }

  async function createSession(user?: Record<string, string>): Promise<string> {
    const answer = await call('POST', '/session.json', { form: signedSessionParams(user) });
    if (answer.status !== 201) throw new Error(`Session create failed: ${answer.status} ${answer.text}`);
    return answer.body.session.token as string;
  }

  /** A member persona's user session. */
  const memberSession = (key: string) => {
    const m = member(key);
    return createSession({ login: m.chatLogin, password: m.chatPassword });
  };

  /** A provider persona's user session: portal sign-in, its chat password from getInfo, then login. */
  async function providerSession(
    key: string,
  ): Promise<{ token: string; portalToken: string; password: string }> {
    const api = apiClient(baseUrl);
    const portalToken = await api.signInAs(key);
    const info = await api.call<{ password: string; login: string }>('GET', '/message/qb/user/getInfo', {
      token: portalToken,
    });
    const token = await createSession({ login: provider(key).chatLogin, password: info.data.password });
    return { token, portalToken, password: info.data.password };
  }

  return { call, createSession, memberSession, providerSession, signedSessionParams };
}
