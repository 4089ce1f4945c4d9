/**
 * REST calls on the timeline (docs/console.md): the own API's envelope code
 * (`{code,message,data}`, docs/architecture.md §1) and the chat service's `{errors}` shape
 * (docs/wire/hosted-chat.md §2), with method, path, status and duration.
 */
import { byteLength, idsIn } from './text';
import type { TraceInput } from './types';

export interface RestCall {
  service: 'api' | 'chat-service';
  method: string;
  url: string;
  /** Null when no answer came (network error, abort). */
  status: number | null;
  durationMs: number;
  /** Form or JSON text sent, when it was text. */
  requestBody?: string;
  /** The answer's text (JSON), when it was text. */
  responseBody?: string;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The envelope code of the own API, the first error of the chat service, or null. */
export function answerCode(call: RestCall): string | null {
  if (!call.responseBody) return null;
  let body: unknown;
  try {
    body = JSON.parse(call.responseBody);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const record = body as { code?: unknown; errors?: unknown };
  if (call.service === 'api' && typeof record.code === 'string') return record.code;
  if (record.errors !== undefined) {
    const errors = record.errors;
    if (Array.isArray(errors)) return String(errors[0]);
    if (errors && typeof errors === 'object') {
      const [key, value] = Object.entries(errors)[0] ?? [];
      return key === undefined ? 'errors' : `${key}: ${Array.isArray(value) ? value[0] : String(value)}`;
    }
    return String(errors);
  }
  return null;
}

export function decodeRest(call: RestCall, connection: string, time: number): TraceInput {
  const path = pathOf(call.url);
  const code = answerCode(call);
  const failed =
    call.status === null || call.status >= 400 || (call.service === 'api' && code !== null && code !== 'OK');
  const status = call.status ?? 'no answer';
  const raw = [
    `${call.method} ${call.url}`,
    call.requestBody ? `\n${call.requestBody}` : '',
    `\n→ ${status} in ${Math.round(call.durationMs)} ms`,
    call.responseBody ? `\n${prettyJson(call.responseBody)}` : '',
  ].join('');
  const entry: TraceInput = {
    time,
    connection,
    channel: 'rest',
    direction: 'in',
    size: call.responseBody ? byteLength(call.responseBody) : 0,
    kind: `rest/${call.method}`,
    summary: `${call.method} ${path} → ${status}${code ? ` ${code}` : ''} · ${Math.round(call.durationMs)} ms`,
    raw,
    namespaces: [],
    jids: [],
    ids: idsIn(`${path} ${call.requestBody ?? ''} ${call.responseBody ?? ''}`),
    decoded: {
      service: call.service,
      method: call.method,
      path,
      status: call.status,
      durationMs: Math.round(call.durationMs),
      code,
    },
  };
  if (failed) entry.error = code ?? String(status);
  return entry;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A fetch that records each call (Node tools and the console's own connections). */
export function recordingFetch(
  record: (call: RestCall) => void,
  service: RestCall['service'],
  base: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    const requestBody =
      typeof init?.body === 'string'
        ? init.body
        : init?.body instanceof URLSearchParams
          ? init.body.toString()
          : undefined;
    const started = performance.now();
    try {
      const response = await base(input, init);
      const responseBody = await response
        .clone()
        .text()
        .catch(() => undefined);
      record({
        service,
        method,
        url,
        status: response.status,
        durationMs: performance.now() - started,
        requestBody,
        responseBody,
      });
      return response;
    } catch (error) {
      record({ service, method, url, status: null, durationMs: performance.now() - started, requestBody });
      throw error;
    }
  };
}
