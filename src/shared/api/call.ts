/** Calls (issue 13): the ICE servers a call's peer connections use (docs/wire/hosted-chat.md §20). */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';

/** One RTCIceServer (W3C WebRTC §4.2.4), with `urls` always a list. */
export const IceServer = z.object({
  urls: z.array(z.string()),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof IceServer>;

export const IceServers = z.object({
  iceServers: z.array(IceServer),
  /**
   * When the TURN credentials stop working (ISO), null without TURN: at the latest when the portal
   * session would end for want of activity (docs/security.md "Calls"); fetch again before then.
   */
  expiresAt: z.nullable(z.string()),
});
export type IceServers = z.infer<typeof IceServers>;

export const getIceServers = defineEndpoint({
  id: 'getIceServers',
  method: 'GET',
  path: '/call/iceServers',
  summary:
    'STUN/TURN servers for a call: the configured ones, and TURN with credentials for the signed-in provider that end with her session (empty when none are configured)',
  tag: 'Calls',
  auth: 'token',
  response: IceServers,
});
