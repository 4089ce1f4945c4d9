/**
 * `GET /account_settings.json` (docs/wire/hosted-chat.md §2.8): where this stand-in's endpoints are, so
 * an SDK given an account key points itself here, plus the ICE servers of `ICE_SERVERS` for calls.
 * `api_endpoint` keeps the scheme as the docs show it; the SDK strips it.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { PUBLIC, QB_PREFIX } from './scope';
import { serviceOrigin } from './service-origin';

export function registerSettingsRoutes(scope: FastifyInstance, ctx: ServerContext) {
  scope.get('/account_settings.json', PUBLIC, async (request) => {
    const { appId, domain, iceServers } = ctx.config.chat;
    const origin = serviceOrigin(ctx, request);
    const socketOrigin = origin.replace(/^http/, 'ws');
    const turn = iceServers
      .flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]))
      .find((url) => url.startsWith('turn:') || url.startsWith('turns:'));
    return {
      account_id: appId,
      api_endpoint: `${origin}${QB_PREFIX}`,
      chat_endpoint: domain,
      muc_endpoint: `muc.${domain}`,
      websocket_endpoint: `${socketOrigin}/xmpp-websocket`,
      bosh_endpoint: `${origin}/http-bind`,
      turnserver_endpoint: turn ? turn.replace(/^turns?:/, '').split('?')[0] : null,
      s3_bucket_name: null,
      ice_servers: iceServers,
    };
  });
}
