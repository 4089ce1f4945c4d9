/**
 * The pre-call check's plain verdict (issue 13 "A pre-call check"): from what the camera, the
 * microphone and the connectivity check found, one sentence key under `calls:precheck.verdict`.
 */

export type DeviceResult = 'pending' | 'ok' | 'missing' | 'denied';
/** relay: TURN answered; stun: STUN answered; local: only this machine's addresses; failed: none. */
export type NetworkResult = 'pending' | 'relay' | 'stun' | 'local' | 'failed';

export interface CheckResults {
  camera: DeviceResult;
  microphone: DeviceResult;
  network: NetworkResult;
  /** ICE servers are configured (without them only direct connections can work). */
  serversConfigured: boolean;
}

export type Verdict =
  'checking' | 'ready' | 'audioOnly' | 'noMicrophone' | 'denied' | 'sameNetworkOnly' | 'offline';

export function verdictOf(r: CheckResults): Verdict {
  if (r.camera === 'denied' || r.microphone === 'denied') return 'denied';
  // Spec §5: a call needs at least one audio track.
  if (r.microphone === 'missing') return 'noMicrophone';
  if (r.camera === 'pending' || r.microphone === 'pending' || r.network === 'pending') return 'checking';
  if (r.network === 'failed') return 'offline';
  if (r.network === 'local' || (r.network === 'stun' && !r.serversConfigured)) return 'sameNetworkOnly';
  return r.camera === 'missing' ? 'audioOnly' : 'ready';
}

/** The best kind of candidate gathered: a relay beats a server-reflexive one, which beats a host one. */
export function networkOf(candidateTypes: readonly string[]): NetworkResult {
  if (candidateTypes.includes('relay')) return 'relay';
  if (candidateTypes.includes('srflx') || candidateTypes.includes('prflx')) return 'stun';
  if (candidateTypes.includes('host')) return 'local';
  return 'failed';
}
