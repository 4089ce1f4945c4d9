/**
 * The own-API client (spec §7): base `/api/`, credentials sent, 20 s timeout, the headers
 * apiVersion/timezone/authToken/country/os (and Accept-Language, the reader's language), form-encoded
 * bodies unless the endpoint says JSON.
 * Every call goes through one contract endpoint of `src/shared/api`; its answer is unwrapped from
 * the envelope and, outside the browser, checked against the response schema. Failures become
 * `ApiError` and are handed to `onError` (the portal's error policy) before they are thrown.
 */
import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { fillPath, type EndpointDefinition, type QueryOf, type ResponseOf } from '../shared/api/endpoint';
import { API_BASE_PATH, API_OS, API_TIMEOUT_MS, API_VERSION } from '../shared/constants';
import { deviceTimeZone } from '../shared/time/device-zone';
import { ApiError } from './errors';
import { canReportUploadProgress, xhrSend } from './xhr-send';

export interface ApiClientOptions {
  /** Absolute origin for Node callers; the browser uses the page's origin. */
  baseUrl?: string;
  getToken(): string | null;
  getCountry?(): string | null;
  getTimezone?(): string;
  /**
   * The language the user reads (sent as `Accept-Language`): what the server writes for her — PDFs,
   * catalogues — is in it (issue 26).
   */
  getLanguage?(): string | null;
  /**
   * Called with every failure before it is thrown (unless the call passes `quiet`), with the
   * session's token the request went out with (an answer may come after the session it was sent
   * for ended); `undefined` when the call brought a token of its own (`CallInput.token`: a
   * sign-in's second step, a session not kept yet), and the endpoint's id.
   */
  onError?(error: ApiError, sent: { token: string | null | undefined; endpoint: string }): void;
  /** Called with the endpoint's id when a call to it succeeds: what it said before is stale. */
  onSuccess?(endpoint: string): void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown> | FormData;
  /**
   * The caller shows this failure itself, and the error policy is not applied: every failure
   * (`true`), or those the function picks (a form's refused fields, a screen's "not found"); the
   * others go to the policy as from any call.
   */
  quiet?: boolean | ((error: ApiError) => boolean);
  signal?: AbortSignal;
  /** Upload progress (spec §5); with a FormData body in a browser it goes through XMLHttpRequest. */
  onUploadProgress?(fraction: number): void;
  /** Instead of the 20 s of spec §9 (uploads of large files need longer). */
  timeoutMs?: number;
  /**
   * The `authToken` of this call instead of the session's: a sign-in's second step sends the
   * step's token (docs/security.md "Second factor").
   */
  token?: string;
  /**
   * The request outlives the page that made it (fetch `keepalive`): a record the provider's click
   * makes just before a full navigation, which would otherwise abort it.
   */
  keepalive?: boolean;
}

/** What a domain module's call takes besides the endpoint's own input. */
export type CallExtra = Pick<CallInput, 'quiet' | 'signal'>;
/** An endpoint's query as `CallInput` carries it. */
export type CallQuery = NonNullable<CallInput['query']>;

export interface ApiClient {
  call<E extends EndpointDefinition>(endpoint: E, input?: CallInput): Promise<ResponseOf<E>>;
  readonly http: KyInstance;
}

/** The call of an endpoint that takes a query, as the domain modules list them: `(query, extra?)`. */
export function queryCall<E extends EndpointDefinition>(api: ApiClient, endpoint: E) {
  // A contract's query is a record of form values; TypeScript cannot see it for a generic E.
  return (query: QueryOf<E>, extra?: CallExtra) =>
    api.call(endpoint, { query: query as unknown as CallQuery, ...extra });
}

/** Form encoding: one pair per field; arrays as one comma-joined value (spec §7 forms). */
export function formEncode(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return form;
}

/** Carries a call's own token (CallInput.token) to the header hook, which sends it as `authToken`. */
const CALL_TOKEN_HEADER = 'x-call-token';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const prefix = options.baseUrl ? new URL(API_BASE_PATH, options.baseUrl).toString() : API_BASE_PATH;
  const timeout = options.timeoutMs ?? API_TIMEOUT_MS;
  /** The request headers of spec §7. */
  const headers = (tokenOfCall?: string): Record<string, string> => {
    const set: Record<string, string> = {
      apiVersion: String(API_VERSION),
      timezone: options.getTimezone?.() ?? deviceTimeZone(),
      os: API_OS,
    };
    const country = options.getCountry?.();
    if (country) set.country = country;
    const language = options.getLanguage?.();
    if (language) set['Accept-Language'] = language;
    const token = tokenOfCall ?? options.getToken();
    if (token) set.authToken = token;
    return set;
  };

  const http = ky.create({
    prefixUrl: prefix,
    credentials: 'include',
    timeout,
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const own = request.headers.get(CALL_TOKEN_HEADER) ?? undefined;
          request.headers.delete(CALL_TOKEN_HEADER);
          for (const [name, value] of Object.entries(headers(own))) request.headers.set(name, value);
        },
      ],
    },
  });

  /** A FormData upload through XMLHttpRequest, for its progress events (xhr-send.ts). */
  async function sendWithProgress(
    path: string,
    method: string,
    body: FormData,
    input: CallInput,
  ): Promise<Response> {
    const query = new URLSearchParams(
      Object.entries(input.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ).toString();
    const timer = AbortSignal.timeout(input.timeoutMs ?? timeout);
    const signal = input.signal ? AbortSignal.any([input.signal, timer]) : timer;
    try {
      return await xhrSend(
        `${prefix.replace(/\/?$/, '/')}${path}${query ? `?${query}` : ''}`,
        { method, headers: headers(input.token), body, signal },
        (fraction) => input.onUploadProgress?.(fraction),
      );
    } catch (error) {
      if (timer.aborted) throw new ApiError('TIMEOUT', 'The request timed out', 0);
      throw error;
    }
  }

  async function send<E extends EndpointDefinition>(endpoint: E, input: CallInput): Promise<ResponseOf<E>> {
    const path = fillPath(endpoint.path, input.params).replace(/^\//, '');
    const searchParams = Object.fromEntries(
      Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined) as Array<
        [string, string | number | boolean]
      >,
    );
    let body: BodyInit | undefined;
    let json: unknown;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body && endpoint.encoding === 'json') json = input.body;
    else if (input.body) body = formEncode(input.body);
    let response: Response;
    try {
      response =
        body instanceof FormData && input.onUploadProgress && canReportUploadProgress()
          ? await sendWithProgress(path, endpoint.method, body, input)
          : await http(path, {
              method: endpoint.method,
              searchParams,
              ...(json !== undefined ? { json } : { body }),
              signal: input.signal,
              ...(input.token ? { headers: { [CALL_TOKEN_HEADER]: input.token } } : {}),
              ...(input.timeoutMs ? { timeout: input.timeoutMs } : {}),
              ...(input.keepalive ? { keepalive: true } : {}),
              ...(input.onUploadProgress
                ? { onUploadProgress: (p: { percent: number }) => input.onUploadProgress!(p.percent) }
                : {}),
            });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof TimeoutError) throw new ApiError('TIMEOUT', 'The request timed out', 0);
      if (error instanceof HTTPError)
        throw new ApiError('BAD_RESPONSE', error.message, error.response.status);
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError('NETWORK_ERROR', 'The server cannot be reached; check your connection', 0);
    }
    let envelope: { code?: string; message?: string; data?: unknown };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {
      throw new ApiError(
        'BAD_RESPONSE',
        `Unexpected answer from the server (HTTP ${response.status})`,
        response.status,
      );
    }
    if (envelope.code !== 'OK') {
      throw new ApiError(
        envelope.code ?? 'BAD_RESPONSE',
        envelope.message ?? 'Unknown error',
        response.status,
        envelope.data ?? null,
      );
    }
    // The portal's build has no response schema (scripts/lib/client-contracts.mjs): the server
    // checked its answer against the contract before sending it (src/server/http/route.ts). Node
    // callers (the tests, the member simulator, the admin command) check it again here.
    const schema = endpoint.response as EndpointDefinition['response'] | undefined;
    if (!schema) return envelope.data as ResponseOf<E>;
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      throw new ApiError(
        'BAD_RESPONSE',
        `The server's answer to ${endpoint.id} does not match the contract`,
        response.status,
      );
    }
    return parsed.data as ResponseOf<E>;
  }

  return {
    http,
    async call(endpoint, input = {}) {
      const token = input.token === undefined ? options.getToken() : undefined;
      try {
        const answer = await send(endpoint, input);
        options.onSuccess?.(endpoint.id);
        return answer;
      } catch (error) {
        const { quiet } = input;
        if (error instanceof ApiError && !(typeof quiet === 'function' ? quiet(error) : quiet))
          options.onError?.(error, { token, endpoint: endpoint.id });
        throw error;
      }
    },
  };
}
