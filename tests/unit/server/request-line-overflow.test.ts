/**
 * Past Node's parser limit the server sees only the chunk the parser gave up on; the answer must
 * still name the right cause (docs/security.md "Honest errors"): 414 for the request line, 431 for
 * the headers, whichever way the bytes were cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import { requestLineOverflowed } from '../../../src/server/http/request-guard';

const chunk = (text: string) => Buffer.from(text, 'latin1');

describe('requestLineOverflowed', () => {
  it('reads a chunk that starts the request by where its first line ends', () => {
    expect(requestLineOverflowed(chunk(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n`))).toBe(true);
    expect(requestLineOverflowed(chunk(`GET / HTTP/1.1\r\nX-Padding: ${'a'.repeat(20_000)}`))).toBe(false);
  });

  it('reads a later chunk by whether its first line ends the request line', () => {
    expect(requestLineOverflowed(chunk(`${'a'.repeat(9_000)} HTTP/1.1\r\nHost: x\r\n`))).toBe(true);
    expect(requestLineOverflowed(chunk(`${'a'.repeat(9_000)}\r\nHost: x\r\n`))).toBe(false);
  });

  it('reads a chunk with no line end as the middle of the request line', () => {
    expect(requestLineOverflowed(chunk('a'.repeat(9_000)))).toBe(true);
    expect(requestLineOverflowed(undefined)).toBe(false);
  });
});
