/**
 * Uploads with progress (spec §5: avatar and certificate documents show a progress bar). fetch
 * reports upload progress only for streaming request bodies, which Chromium does not send over
 * HTTP/1.1, so uploads go through XMLHttpRequest with the same headers, envelope and errors as
 * every other call (client.ts).
 */
import { fillPath, type EndpointDefinition, type ResponseOf } from '../shared/api/endpoint';
import { API_BASE_PATH, API_OS, API_TIMEOUT_MS, API_VERSION } from '../shared/constants';
import type { ApiClientOptions } from './client';
import { ApiError } from './errors';

export interface UploadInput {
  params?: Record<string, string | number>;
  onUploadProgress?(fraction: number): void;
  signal?: AbortSignal;
  quiet?: boolean;
}

export type Uploader = <E extends EndpointDefinition>(
  endpoint: E,
  form: FormData,
  input?: UploadInput,
) => Promise<ResponseOf<E>>;

/** Uploads take longer than the 20 s of spec §9: the limit grows with the file, one minute per 5 MB. */
function timeoutFor(form: FormData): number {
  let bytes = 0;
  for (const [, value] of form.entries()) if (typeof value !== 'string') bytes += value.size;
  return API_TIMEOUT_MS + Math.ceil(bytes / (5 * 1024 * 1024)) * 60_000;
}

export function createUploader(options: ApiClientOptions): Uploader {
  const prefix = options.baseUrl ? new URL(API_BASE_PATH, options.baseUrl).toString() : API_BASE_PATH;
  const send = <E extends EndpointDefinition>(endpoint: E, form: FormData, input: UploadInput) =>
    new Promise<ResponseOf<E>>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(endpoint.method, `${prefix}${fillPath(endpoint.path, input.params).replace(/^\//, '')}`);
      xhr.withCredentials = true;
      xhr.timeout = timeoutFor(form);
      xhr.setRequestHeader('apiVersion', String(API_VERSION));
      xhr.setRequestHeader(
        'timezone',
        options.getTimezone?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      );
      xhr.setRequestHeader('os', API_OS);
      const country = options.getCountry?.();
      if (country) xhr.setRequestHeader('country', country);
      const token = options.getToken();
      if (token) xhr.setRequestHeader('authToken', token);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) input.onUploadProgress?.(e.loaded / e.total);
      };
      xhr.ontimeout = () => reject(new ApiError('TIMEOUT', 'The request timed out', 0));
      xhr.onerror = () =>
        reject(new ApiError('NETWORK_ERROR', 'The server cannot be reached; check your connection', 0));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      xhr.onload = () => {
        let envelope: { code?: string; message?: string; data?: unknown };
        try {
          envelope = JSON.parse(xhr.responseText) as typeof envelope;
        } catch {
          reject(
            new ApiError(
              'BAD_RESPONSE',
              `Unexpected answer from the server (HTTP ${xhr.status})`,
              xhr.status,
            ),
          );
          return;
        }
        if (envelope.code !== 'OK') {
          reject(
            new ApiError(
              envelope.code ?? 'BAD_RESPONSE',
              envelope.message ?? 'Unknown error',
              xhr.status,
              envelope.data ?? null,
            ),
          );
          return;
        }
        const parsed = endpoint.response.safeParse(envelope.data);
        if (!parsed.success) {
          reject(
            new ApiError(
              'BAD_RESPONSE',
              `The server's answer to ${endpoint.id} does not match the contract`,
              xhr.status,
            ),
          );
          return;
        }
        input.onUploadProgress?.(1);
        resolve(parsed.data as ResponseOf<E>);
      };
      input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  return async (endpoint, form, input = {}) => {
    try {
      return await send(endpoint, form, input);
    } catch (error) {
      if (error instanceof ApiError && !input.quiet) options.onError?.(error);
      throw error;
    }
  };
}
