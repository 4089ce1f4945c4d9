/** Own-API call calls (src/shared/api/call.ts). */
import * as call from '../shared/api/call';
import type { ApiClient, CallInput } from './client';

type Extra = Pick<CallInput, 'quiet' | 'signal'>;

export const callApi = (api: ApiClient) => ({
  /** The STUN/TURN servers for the signed-in provider's calls, TURN credentials included. */
  iceServers: (extra?: Extra) => api.call(call.getIceServers, { ...extra }),
});
