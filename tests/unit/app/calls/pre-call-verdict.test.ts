/** The pre-call check's verdict (features/calls/pre-call-verdict.ts). */
import { describe, expect, it } from 'vitest';
import { networkOf, verdictOf, type CheckResults } from '../../../../src/app/features/calls/pre-call-verdict';

const ok: CheckResults = { camera: 'ok', microphone: 'ok', network: 'relay', serversConfigured: true };

describe('verdictOf', () => {
  it('is ready with camera, microphone and a relay or STUN path', () => {
    expect(verdictOf(ok)).toBe('ready');
    expect(verdictOf({ ...ok, network: 'stun' })).toBe('ready');
  });

  it('waits while something is still being checked', () => {
    expect(verdictOf({ ...ok, network: 'pending' })).toBe('checking');
    expect(verdictOf({ ...ok, camera: 'pending' })).toBe('checking');
  });

  it('names what is wrong: permission, no microphone (spec §5 audio needed), no camera, the network', () => {
    expect(verdictOf({ ...ok, camera: 'denied' })).toBe('denied');
    expect(verdictOf({ ...ok, microphone: 'missing', network: 'pending' })).toBe('noMicrophone');
    expect(verdictOf({ ...ok, camera: 'missing' })).toBe('audioOnly');
    expect(verdictOf({ ...ok, network: 'failed' })).toBe('offline');
    expect(verdictOf({ ...ok, network: 'local' })).toBe('sameNetworkOnly');
    expect(verdictOf({ ...ok, network: 'stun', serversConfigured: false })).toBe('sameNetworkOnly');
  });
});

describe('networkOf', () => {
  it('takes the best candidate type gathered', () => {
    expect(networkOf(['host', 'srflx', 'relay'])).toBe('relay');
    expect(networkOf(['host', 'srflx'])).toBe('stun');
    expect(networkOf(['prflx'])).toBe('stun');
    expect(networkOf(['host'])).toBe('local');
    expect(networkOf([])).toBe('failed');
  });
});
