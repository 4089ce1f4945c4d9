/**
 * Uploads (spec §5: avatar and certificate documents show a progress bar): the API client's call
 * with a FormData body, which reports progress, and a time limit that grows with the file.
 */
import type { EndpointDefinition, ResponseOf } from '../shared/api/endpoint';
import { API_TIMEOUT_MS } from '../shared/constants';
import type { ApiClient } from './client';

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

export function createUploader(api: ApiClient): Uploader {
  return async (endpoint, form, input = {}) => {
    const answer = await api.call(endpoint, { ...input, body: form, timeoutMs: timeoutFor(form) });
    input.onUploadProgress?.(1);
    return answer;
  };
}
