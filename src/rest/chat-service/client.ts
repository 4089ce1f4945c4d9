/**
 * The chat-service REST client (docs/wire/hosted-chat.md §2, §3): signed session creation, `QB-Token`
 * on every call, the vendor's form encoding, success only on 200/201/202, errors as
 * `ChatServiceError`, token expiry tracked from `QB-Token-ExpirationDate`, and the expired-session
 * hook (§2.6): on a 401 "session does not exist" it asks `onSessionExpired` for a new session and
 * sends the same request once more.
 */
import ky, { TimeoutError, type KyInstance } from 'ky';
import { ChatServiceError } from './errors';
import { realScheduler } from '../../shared/time/scheduler';
import { SessionExpiry, type Clock } from './expiry';
import { encodeForm } from './form';
import { signSession, type SignatureHash } from './signature';
import { canReportUploadProgress, xhrSend } from '../xhr-send';

export interface ChatSession {
  _id: string;
  application_id: number;
  created_at: string;
  id: number;
  nonce: number;
  token: string;
  ts: number;
  updated_at: string;
  /** 0 for an application session. */
  user_id: number;
}

export interface ChatServiceOptions {
  /** Base of the REST API, e.g. `https://portal.example/qb` (`/qb` in the browser). */
  apiUrl: string;
  appId: number;
  authKey: string;
  authSecret: string;
  /** Signature HMAC, §3.1 (`config.hash`). */
  hash?: SignatureHash;
  /** Per-request time-out; none by default (the SDK's `timeout: null`). */
  timeoutMs?: number;
  /**
   * §2.6 session-expired hook: return a new session (e.g. `client.createSession(credentials)`)
   * and the failed request is sent again once; return null (or fail) to hand the original error
   * to the caller (the SDK's `passThrough`). `sentToken` is the token the failed request carried,
   * so a hook can tell a request that was already in flight when the session was renewed.
   */
  onSessionExpired?(error: ChatServiceError, sentToken: string | null): Promise<ChatSession | null>;
  fetch?: typeof fetch;
  clock?: Clock;
  /** The `QB-SDK` header. */
  sdkName?: string;
}

export interface ChatRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below `apiUrl`, e.g. `chat/Dialog.json`; or an absolute URL (blob uploads). */
  path: string;
  /** Encoded into the query string (§2.2 encoding). */
  query?: Record<string, unknown>;
  form?: Record<string, unknown>;
  json?: unknown;
  multipart?: FormData;
  /** The answer is text (DELETEs, uploads, updates: §2.4 `dataType: 'text'`). */
  text?: boolean;
  /** Send `QB-Token` (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  onUploadProgress?(fraction: number): void;
}

export class ChatServiceClient {
  readonly options: ChatServiceOptions;
  readonly expiry: SessionExpiry;
  readonly #http: KyInstance;
  #token: string | null = null;

  constructor(options: ChatServiceOptions) {
    this.options = { ...options, apiUrl: options.apiUrl.replace(/\/+$/, '') };
    this.expiry = new SessionExpiry(options.clock ?? realScheduler);
    this.#http = ky.create({
      retry: 0,
      throwHttpErrors: false,
      timeout: options.timeoutMs ?? false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  get token(): string | null {
    return this.#token;
  }

  /** Uses a session token obtained elsewhere (§1 init with a token). */
  setToken(token: string | null): void {
    this.#token = token;
    if (token === null) this.expiry.clear();
  }

  url(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${this.options.apiUrl}/${path.replace(/^\//, '')}`;
  }

  async request<T>(request: ChatRequest): Promise<T> {
    const sentToken = this.#token;
    try {
      return await this.#send<T>(request);
    } catch (error) {
      if (!(error instanceof ChatServiceError) || !error.isSessionMissing || !this.options.onSessionExpired)
        throw error;
      let session: ChatSession | null = null;
      try {
        session = await this.options.onSessionExpired(error, sentToken);
      } catch {
        // §2.6 passThrough: the caller gets the error of its own request; reporting why the
        // renewal failed is the hook's business.
      }
      if (!session) throw error;
      this.setToken(session.token);
      return this.#send<T>(request);
    }
  }

  async #send<T>(request: ChatRequest): Promise<T> {
    const method = request.method ?? 'GET';
    const headers: Record<string, string> = { 'QB-SDK': this.options.sdkName ?? 'Portal TS - Client' };
    if (request.auth !== false && this.#token) headers['QB-Token'] = this.#token;
    let url = this.url(request.path);
    let body: BodyInit | undefined;
    if (request.query) {
      const query = encodeForm(request.query);
      if (query) url += `${url.includes('?') ? '&' : '?'}${query}`;
    }
    if (request.multipart) {
      body = request.multipart;
    } else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
      body = encodeForm(request.form);
    }
    let response: Response;
    try {
      response =
        request.multipart && request.onUploadProgress && canReportUploadProgress()
          ? await xhrSend(
              url,
              { method, headers, body: request.multipart, signal: request.signal },
              request.onUploadProgress,
            )
          : await this.#fetch(url, method, headers, body, request);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ChatServiceError(error instanceof TimeoutError ? 408 : 0, (error as Error).message);
    }
    // §2.7: expiry is read after GET and POST answers only.
    const expiration = response.headers.get('QB-Token-ExpirationDate');
    if ((method === 'GET' || method === 'POST') && (expiration || (this.#token && request.auth !== false))) {
      this.expiry.update(expiration);
    }
    const text = await response.text();
    if (![200, 201, 202].includes(response.status)) {
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Non-JSON error bodies stay text.
      }
      throw new ChatServiceError(response.status, parsed);
    }
    if (request.text) return text as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ChatServiceError(0, text);
    }
  }

  /** Through ky (which reports upload progress only where request streams work). */
  #fetch(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    request: ChatRequest,
  ): Promise<Response> {
    return this.#http(url, {
      method,
      headers,
      body,
      signal: request.signal,
      ...(request.onUploadProgress
        ? { onUploadProgress: (p: { percent: number }) => request.onUploadProgress!(p.percent) }
        : {}),
    });
  }

  /**
   * §3.1 create a session, optionally logged in as a user. Throws without app credentials.
   * The new token is used for every later call.
   */
  async createSession(user?: { login?: string; email?: string; password: string }): Promise<ChatSession> {
    const { appId, authKey, authSecret, hash } = this.options;
    if (!appId || !authKey || !authSecret) {
      throw new Error(
        'Cannot create a new session without app credentials (app ID, auth key and auth secret)',
      );
    }
    const random = new Uint32Array(1);
    crypto.getRandomValues(random);
    const params: Record<string, unknown> = {
      application_id: appId,
      auth_key: authKey,
      nonce: random[0]! % 2_000_000_000,
      timestamp: Math.floor((this.options.clock ?? realScheduler).now() / 1000),
    };
    if (user?.login !== undefined) params.user = { login: user.login, password: user.password };
    else if (user?.email !== undefined) params.user = { email: user.email, password: user.password };
    params.signature = await signSession(params, authSecret, hash ?? 'sha1');
    const answer = await this.#send<{ session: ChatSession }>({
      method: 'POST',
      path: 'session.json',
      form: params,
      auth: false,
    });
    this.#token = answer.session.token;
    return answer.session;
  }

  /** `GET /session.json`: the raw `{session}` (§3.2). */
  getSession(): Promise<{ session: ChatSession }> {
    return this.request({ path: 'session.json' });
  }

  async destroySession(): Promise<void> {
    await this.request({ method: 'DELETE', path: 'session.json', text: true });
    this.setToken(null);
  }

  /** `POST /login.json` (§3.2): logs a user into the current application session. */
  async login(params: {
    login?: string;
    email?: string;
    password: string;
  }): Promise<Record<string, unknown>> {
    const answer = await this.request<{ user: Record<string, unknown> }>({
      method: 'POST',
      path: 'login.json',
      form: params,
    });
    return answer.user;
  }

  async logout(): Promise<void> {
    await this.request({ method: 'DELETE', path: 'login.json', text: true });
  }
}
