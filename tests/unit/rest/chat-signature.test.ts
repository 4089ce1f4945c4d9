/** docs/wire/hosted-chat.md §3.1: the signature our client makes is the vendor's, and our server accepts it. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureBase, signSession } from '../../../src/rest';
import { signatureMatches } from '../../../src/server/qb/signature';

const params = {
  application_id: 1001,
  auth_key: 'portal-dev-auth-key',
  nonce: 4711,
  timestamp: 1700000000,
  user: { password: 'p&ss=word', login: 'member-ava' },
};

describe('session signature (§3.1)', () => {
  it('joins whole k=v strings sorted, object params as one sorted chunk, values raw', () => {
    expect(signatureBase(params)).toBe(
      'application_id=1001&auth_key=portal-dev-auth-key&nonce=4711&timestamp=1700000000&user[login]=member-ava&user[password]=p&ss=word',
    );
  });

  it('sorts whole strings, not keys: "a.b=2" comes before "a=1"', () => {
    expect(signatureBase({ a: 1, 'a.b': 2 })).toBe('a.b=2&a=1');
  });

  it('leaves out the signature itself and absent values, also inside objects (the form never sends them)', () => {
    expect(signatureBase({ b: 2, signature: 'x', a: undefined, c: null })).toBe('b=2');
    expect(signatureBase({ user: { login: 'ava', email: null, phone: undefined } })).toBe('user[login]=ava');
  });

  it('is accepted by the server when the signed parameters held absent values', async () => {
    const withNulls = { ...params, user: { ...params.user, email: null }, provider: null };
    const signed = { ...withNulls, signature: await signSession(withNulls, 'secret') };
    expect(signatureMatches(signed, 'secret', 'sha1')).toBe(true);
  });

  it('is a lowercase HMAC-SHA1 hex of that string by default, SHA-256 when asked', async () => {
    const base = signatureBase(params);
    expect(await signSession(params, 'secret')).toBe(createHmac('sha1', 'secret').update(base).digest('hex'));
    expect(await signSession(params, 'secret', 'sha256')).toBe(
      createHmac('sha256', 'secret').update(base).digest('hex'),
    );
  });

  it('is accepted by a server checking the same hash, and refused when anything changes', async () => {
    const sha1 = { ...params, signature: await signSession(params, 'secret') };
    const sha256 = { ...params, signature: await signSession(params, 'secret', 'sha256') };
    expect(signatureMatches(sha1, 'secret', 'sha1')).toBe(true);
    expect(signatureMatches(sha256, 'secret', 'sha256')).toBe(true);
    expect(signatureMatches(sha256, 'secret', 'sha1')).toBe(false);
    expect(signatureMatches(sha1, 'secret', 'sha256')).toBe(false);
    expect(signatureMatches(sha1, 'other-secret', 'sha1')).toBe(false);
    expect(signatureMatches({ ...sha1, nonce: 4712 }, 'secret', 'sha1')).toBe(false);
    expect(
      signatureMatches({ ...sha1, user: { ...params.user, login: 'member-bianca' } }, 'secret', 'sha1'),
    ).toBe(false);
  });
});
