/**
 * Spec §5 upload progress bar: in browsers (an XMLHttpRequest with upload events) the blob upload
 * of docs/wire/hosted-chat.md §6 goes through XMLHttpRequest and reports progress, because Chromium does
 * not stream fetch bodies over HTTP/1.1. Played here with a small XMLHttpRequest double.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatService } from '../../../src/rest';

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  readonly events: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  // A prototype property, as in browsers.
  get upload() {
    return this.events;
  }
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: text/xml\r\nx-test: 1\r\n';
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
    this.status = 201;
    this.responseText = '<PostResponse/>';
    this.onload?.();
  }
  abort() {
    this.onabort?.();
  }
}

const globals = globalThis as { XMLHttpRequest?: unknown };
const original = globals.XMLHttpRequest;
afterEach(() => {
  globals.XMLHttpRequest = original;
});

describe('blob upload progress', () => {
  it('goes through XMLHttpRequest and reports fractions when upload events exist', async () => {
    globals.XMLHttpRequest = FakeXhr;
    const service = createChatService({
      apiUrl: 'http://chat.test/qb',
      appId: 1,
      authKey: 'k',
      authSecret: 's',
    });
    service.client.setToken('tok');
    const seen: number[] = [];
    await service.content.upload(
      {
        id: 1,
        blob_id: 2,
        expires: '',
        object_access_type: 'Write',
        params: 'http://chat.test/qb/blobs/u/upload?key=a&acl=b',
      },
      new Blob(['0123456789']),
      'chart.jpg',
      (fraction) => seen.push(fraction),
    );
    expect(seen).toEqual([0.5, 1]);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://chat.test/qb/blobs/u/upload');
    expect(xhr.headers['QB-Token']).toBe('tok');
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'acl', 'file']);
  });
});
