import { describe, expect, it } from 'vitest';
import { canEnterPortal } from '../../../src/app/session/session-store';

describe('navigation guard of spec §5', () => {
  it('needs a token and agreementProtocol other than "0"', () => {
    expect(canEnterPortal({ token: 'abc', agreementProtocol: '1' })).toBe(true);
    expect(canEnterPortal({ token: 'abc', agreementProtocol: '0' })).toBe(false);
    expect(canEnterPortal({ token: null, agreementProtocol: '1' })).toBe(false);
  });
});
