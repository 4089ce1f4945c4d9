/**
 * SASL of the chat stream (wire §12): the mechanism chosen, PLAIN's message (RFC 4616) and
 * SCRAM-SHA-1 against the exchange of RFC 5802 §5.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseMechanism,
  fromBase64,
  saslExchange,
  scramSha1,
  toBase64,
} from '../../../src/xmpp/transport/sasl';

describe('SASL', () => {
  it('prefers SCRAM-SHA-1 to PLAIN and speaks neither of the others', () => {
    expect(chooseMechanism(['PLAIN', 'SCRAM-SHA-1'])).toBe('SCRAM-SHA-1');
    expect(chooseMechanism(['DIGEST-MD5', 'PLAIN'])).toBe('PLAIN');
    expect(chooseMechanism(['EXTERNAL', 'ANONYMOUS'])).toBeNull();
  });

  it('sends PLAIN without an authorization identity, in UTF-8', () => {
    const plain = saslExchange('PLAIN', { authcid: '100001-1001', password: 'pässword' });
    expect(plain.initial()).toBe('\u0000100001-1001\u0000pässword');
    expect(fromBase64(toBase64(plain.initial()))).toBe(plain.initial());
    expect(toBase64('\u0000a\u0000ä')).toBe('AGEAw6Q=');
  });

  it('computes the proof and checks the server signature of RFC 5802 §5', async () => {
    const scram = scramSha1({ authcid: 'user', password: 'pencil' }, 'fyko+d2lbbFgONRv9qkxdawL');
    expect(scram.initial()).toBe('n,,n=user,r=fyko+d2lbbFgONRv9qkxdawL');
    const final = await scram.challenge(
      'r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096',
    );
    expect(final).toBe('c=biws,r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,p=v0X8v3Bz2T0CJGbJQyF0X+HI4Ts=');
    expect(await scram.verify('v=rmF9pqV8S7suAoZWja4dJRkFsKQ=')).toBe(true);
    expect(await scram.verify('v=AAAApqV8S7suAoZWja4dJRkFsKQ=')).toBe(false);
  });

  it('refuses a server-first message that does not extend our nonce or asks too few iterations', async () => {
    const scram = () => scramSha1({ authcid: 'user', password: 'pencil' }, 'abc');
    await expect(scram().challenge('r=xyz1,s=QSXCR+Q6sek8bf92,i=4096')).rejects.toThrow(/not valid/);
    await expect(scram().challenge('r=abc,s=QSXCR+Q6sek8bf92,i=4096')).rejects.toThrow(/not valid/);
    await expect(scram().challenge('r=abc1,s=QSXCR+Q6sek8bf92,i=1')).rejects.toThrow(/iterations/);
    await expect(scram().challenge('r=abc1,i=4096')).rejects.toThrow(/not valid/);
    expect(await scram().verify('v=rmF9pqV8S7suAoZWja4dJRkFsKQ=')).toBe(false);
  });

  it('writes "=" and "," in the user name as RFC 5802 §5.1 says', () => {
    expect(scramSha1({ authcid: 'a=b,c', password: 'p' }, 'n').initial()).toBe('n,,n=a=3Db=2Cc,r=n');
  });
});
