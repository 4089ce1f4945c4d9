/**
 * Uploads with progress in browsers (spec §5 upload progress bar: own-API avatar and documents,
 * chat-service blobs, docs/wire/hosted-chat.md §6 step 2). fetch reports upload progress only for
 * streaming request bodies, which Chromium refuses over HTTP/1.1, so where an XMLHttpRequest with
 * upload events exists a multipart request goes through it and its answer is handed back as a
 * fetch Response, for the caller's usual answer handling.
 */
export function canReportUploadProgress(): boolean {
  return typeof XMLHttpRequest !== 'undefined' && 'upload' in XMLHttpRequest.prototype;
}

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function xhrSend(
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData; signal?: AbortSignal },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}
