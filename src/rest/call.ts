/** Own-API call calls (src/shared/api/call.ts). */
import * as call from '../shared/api/call';
import type { ApiClient, CallExtra as Extra } from './client';

export const callApi = (api: ApiClient) => ({
  /** The STUN/TURN servers for the signed-in provider's calls, TURN credentials included. */
  iceServers: (extra?: Extra) => api.call(call.getIceServers, { ...extra }),
});
